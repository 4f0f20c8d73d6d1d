import { describe, expect, it } from "vitest";
import { Browser, type Page } from "./support/browser";
import { baseUrl, registerSchool, signedIn, type Admin } from "./support/school";

/**
 * Sub-admins with JavaScript off: the main admin adds, edits, disables, resets and deletes them through
 * plain forms and confirm pages; a sub-admin, on a browser of their own, signs in through the login form
 * with the school's Unique ID, their email and password, and sees only the areas of the keys they hold.
 */

/** The phone menu's links: the first nav of that name (the wide screen's sidebar repeats it). */
const menuLinks = (page: Page, name = "Admin menu") => page.linkNames(`nav[aria-label="${name}"]`);
const subAdminRow = (page: Page, name: string) => page.listItems("Sub-admins").find((row) => row.includes(name));

/** A browser without JavaScript, signed in as a sub-admin through the login form. */
async function signedInAsSubAdmin(
  school: Admin,
  email: string,
  password: string,
): Promise<{ browser: Browser; start: Page }> {
  const browser = new Browser(baseUrl());
  const login = await browser.goto("/choose-account");
  const start = await login
    .form({ button: "Login" })
    .fill("Unique ID", school.account.uniqueId)
    .fill("Email (sub-admins and teachers)", email)
    .fill("Password", password)
    .submit("Login");
  return { browser, start };
}

async function logInThroughApi(school: Admin, email: string, password: string) {
  const response = await fetch(`${baseUrl()}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ unique_id: school.account.uniqueId, email, password }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe("sub-admins without JavaScript", () => {
  it("a sub-admin with two keys sees only those areas and the 403 page elsewhere", async () => {
    const school = await registerSchool("SubAdmins");
    const browser = await signedIn(school);

    // The main admin holds the super-admin menu.
    let page = await browser.goto("/admin/dashboard");
    expect(menuLinks(page, "Super-admin")).toEqual([
      "Manage Admins",
      "Audit Log",
      "Results",
      "Admissions",
      "My Account",
    ]);
    page = await browser.goto("/super-admin/manage-admins");
    expect(page.path).toBe("/super-admin/manage-admins");
    expect(page.heading()).toBe("Manage Admins");
    expect(page.text()).toContain("No sub-admins yet");

    expect(page.linkNames("main")).toContain("Add Sub-admin");
    page = await page.follow("Add Sub-admin", { first: true });
    expect(page.heading()).toBe("Add Sub-admin");
    // Bad input: the message beside its field, the rest kept, nothing added.
    page = await page
      .form({ button: "Add Sub-admin" })
      .fill("Name", "Bisi Adeyemi")
      .fill("Email", "not-an-email")
      .check("Students", { within: "Features" })
      .submit("Add Sub-admin");
    expect(page.status).toBe(400);
    expect(page.field("Email").description).toBe("Enter a valid email address.");
    expect(page.field("Name").value).toBe("Bisi Adeyemi");
    expect(page.field("Students", page.group("Features")).checked).toBe(true);
    expect((await school.api<{ data: unknown[] }>("GET", "/sub-admins")).body.data).toHaveLength(0);

    const email = `bisi-${Date.now().toString(36)}@school.test`;
    page = await page
      .form({ button: "Add Sub-admin" })
      .fill("Email", email)
      .check("Files", { within: "Features" })
      .submit("Add Sub-admin");
    expect(page.headings(2)).toContain("Sub-admin added");
    expect(page.text('[data-testid="credential-unique-id"]')).toBe(school.account.uniqueId);
    expect(page.text('[data-testid="credential-email"]')).toBe(email);
    const password = page.text('[data-testid="credential-password"]');
    expect(password).toMatch(/^\S{14}$/);

    page = await page.follow("Back to Manage Admins");
    expect(subAdminRow(page, "Bisi Adeyemi")).toContain("Features: Students, Files");

    // The sub-admin signs in on a device of their own.
    const { browser: device, start } = await signedInAsSubAdmin(school, email, password);
    expect(start.path).toBe("/admin/students");
    expect(start.heading()).toBe("Students");
    expect(menuLinks(start)).toEqual(["Students", "Files"]);
    expect(start.document.querySelector('nav[aria-label="Super-admin"]')).toBeNull();
    expect(start.linkNames('nav[aria-label="Quick links"]')).toEqual([]);

    const files = await device.goto("/admin/files");
    expect(files.status).toBe(200);
    expect(files.heading()).toBe("Files");

    let denied: Page | undefined;
    for (const path of [
      "/admin/dashboard",
      "/admin/settings",
      "/admin/staff/add",
      "/super-admin/manage-admins",
      "/admin/add-bank-details",
    ]) {
      denied = await device.goto(path);
      expect(denied.status, path).toBe(403);
      expect(denied.heading(), path).toBe("Access denied");
      expect(denied.text(), path).toContain("You do not have access to this page.");
      // Inside the admin shell, with the menu of the keys this sub-admin holds.
      expect(denied.document.querySelector('nav[aria-label="Admin menu"]'), path).not.toBeNull();
    }
    expect((await denied!.follow("Go to my start page")).path).toBe("/admin/students");

    // The main admin takes Files away: the next page the sub-admin opens follows.
    page = await page.follow("Bisi Adeyemi");
    expect(page.heading()).toBe("Edit Sub-admin");
    page = await page.form({ button: "Save Changes" }).uncheck("Files", { within: "Features" }).submit("Save Changes");
    expect(page.path).toBe("/super-admin/manage-admins");
    expect(subAdminRow(page, "Bisi Adeyemi")).toContain("Features: Students");
    expect(subAdminRow(page, "Bisi Adeyemi")).not.toContain("Files");
    expect((await device.goto("/admin/files")).status).toBe(403);
    expect(menuLinks(await device.goto("/admin/students"))).toEqual(["Students"]);

    // Disabling, from the row's menu, signs them out at their next page.
    page = await page.press("Disable");
    expect(page.path).toBe("/super-admin/manage-admins");
    expect(subAdminRow(page, "Bisi Adeyemi")).toContain("Disabled");
    expect((await device.goto("/admin/students")).path).toBe("/choose-account");

    // The audit log names both permission changes; filters are a GET form.
    expect(page.linkNames("main")).toContain("Audit Log");
    page = await page.follow("Audit Log", { first: true });
    expect(page.heading()).toBe("Audit Log");
    const entries = page.listItems("Audit log entries");
    expect(entries[0]).toContain("Disabled sub-admin Bisi Adeyemi");
    expect(entries.filter((entry) => entry.includes("Added sub-admin Bisi Adeyemi with Students, Files"))).toHaveLength(
      1,
    );
    page = await page.form({ button: "Filter" }).select("Kind", "deletion").submit("Filter");
    expect(page.url.searchParams.get("kind")).toBe("deletion");
    expect(page.text()).toContain("No entries match these filters");
  });

  it("a sub-admin without the profile key signs out from the menu of any page, the data saver beside it; signing in again returns to the page asked for", async () => {
    const school = await registerSchool("SubAdminLogout");
    const added = await school.api<{ data: { email: string; password: string } }>("POST", "/sub-admins", {
      name: "Ngozi Eze",
      email: `ngozi-${Date.now().toString(36)}@school.test`,
      features: ["students"],
    });
    expect(added.status).toBe(201);
    const { browser: device, start } = await signedInAsSubAdmin(
      school,
      added.body.data.email,
      added.body.data.password,
    );
    expect(start.path).toBe("/admin/students");
    expect(start.linkNames('nav[aria-label="Quick links"]')).toEqual([]);

    // The profile, where Logout also lives, is closed to them; its 403 page keeps the menu.
    const denied = await device.goto("/admin/profile");
    expect(denied.status).toBe(403);
    // The phone's menu and the wide screen's sidebar both end with the data saver switch and a Logout form.
    for (const menu of ["header details", "aside"]) {
      expect(denied.form({ selector: `${menu} form[action="/data-saver"]` }).button("Data saver: Off")).toBeTruthy();
      const logout = denied.form({ selector: `${menu} form[action="/admin/logout"]` });
      expect(logout.element.getAttribute("method")).toBe("post");
      expect(logout.button("Logout")).toBeTruthy();
    }

    // The logout confirm page's Cancel leads to a page they can open.
    expect((await device.goto("/admin/logout")).href("Cancel")).toBe("/admin/students");

    const session = device.cookie("__session")!;
    const out = await denied.form({ selector: 'header details form[action="/admin/logout"]' }).submit("Logout");
    expect(out.path).toBe("/choose-account");
    expect(out.toast()).toBe("You have been logged out.");
    expect((await device.goto("/admin/students")).path).toBe("/choose-account");
    // The sign-in itself has ended: the old session cookie no longer opens a page.
    device.setCookie("__session", session);
    expect((await device.goto("/admin/students")).path).toBe("/choose-account");

    // Signing in again from a page asked for: back there when they hold its key, else on their start page.
    const logIn = (page: Page) =>
      page
        .form({ button: "Login" })
        .fill("Unique ID", school.account.uniqueId)
        .fill("Email (sub-admins and teachers)", added.body.data.email)
        .fill("Password", added.body.data.password)
        .submit("Login");
    let page = await logIn(await device.goto("/admin/students?class=JSS1"));
    expect(page.path + page.url.search).toBe("/admin/students?class=JSS1");
    await page.form({ selector: 'header details form[action="/admin/logout"]' }).submit("Logout");
    page = await device.goto("/admin/staff");
    expect(page.url.searchParams.get("returnTo")).toBe("/admin/staff");
    page = await logIn(page);
    expect(page.path).toBe("/admin/students");
  });

  it("the main admin resets a sub-admin's password, then deletes them, after their confirm pages", async () => {
    const school = await registerSchool("SubAdminReset");
    const added = await school.api<{ data: { email: string; password: string } }>("POST", "/sub-admins", {
      name: "Chinedu Obi",
      email: `chinedu-${Date.now().toString(36)}@school.test`,
      features: ["dashboard"],
    });
    expect(added.status).toBe(201);
    const { email, password: first } = added.body.data;
    const browser = await signedIn(school);

    let page = await (await browser.goto("/super-admin/manage-admins")).follow("Reset password");
    expect(page.heading()).toBe("Reset password");
    expect(page.text()).toContain(
      "Give Chinedu Obi a new password? Their current password stops working and they are signed out.",
    );
    page = await page.press("Reset password");
    expect(page.headings(2)).toContain("New password");
    const password = page.text('[data-testid="credential-password"]');
    expect(password).not.toBe(first);
    expect(await logInThroughApi(school, email, first)).toBe(401);
    expect(await logInThroughApi(school, email, password)).toBe(200);

    page = await (await browser.goto("/super-admin/manage-admins")).follow("Delete");
    expect(page.heading()).toBe("Delete sub-admin");
    expect(page.text()).toContain("Are you sure you want to delete Chinedu Obi? This cannot be undone.");
    page = await page.press("Delete");
    expect(page.path).toBe("/super-admin/manage-admins");
    expect(page.toast()).toBe("Sub-admin deleted successfully");
    expect(page.text()).toContain("No sub-admins yet");
    expect(await logInThroughApi(school, email, password)).toBe(401);
  });
});
