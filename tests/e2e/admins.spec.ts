import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectAccessible } from "./support/axe";
import { signedIn } from "./support/school";

/**
 * Sub-admins: the main admin adds one with two feature keys and reads its sign-in details once; the
 * sub-admin signs in with the school's Unique ID, their email and password, sees only those two areas
 * in the menu, and gets the 403 page anywhere else; the audit log names what happened. The `js` project
 * drives these with scripts (dialogs, instant filters); the `no-js` project runs the one smoke test tagged
 * `@no-js`, which walks every screen with JavaScript off and checks each state with axe. The JS-off flows
 * themselves are form tests over HTTP: tests/forms/admins.test.ts.
 */

/** The phone menu's links (inside its <details>, read whether it is open or not). */
const menuLinks = (page: Page, name = "Admin menu") => page.locator(`nav[aria-label="${name}"]`).first().locator("a");

test("a sub-admin with two keys sees only those areas and the 403 page elsewhere", async ({
  page,
  browser,
  request,
}) => {
  const admin = await signedIn(page, request, "SubAdmins");

  // The main admin holds the super-admin menu.
  await page.goto("/admin/dashboard");
  await expect(menuLinks(page, "Super-admin")).toHaveText([
    "Manage Admins",
    "Audit Log",
    "Results",
    "Admissions",
    "My Account",
  ]);
  await page.goto("/super-admin/manage-admins");
  await expect(page).toHaveURL(/\/super-admin\/manage-admins$/);
  await expect(page.getByRole("heading", { level: 1, name: "Manage Admins" })).toBeVisible();
  await expect(page.getByText("No sub-admins yet")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("main").getByRole("link", { name: "Add Sub-admin" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Add Sub-admin" })).toBeVisible();
  // Bad input: the message beside its field, the rest kept.
  await page.getByLabel("Name").fill("Bisi Adeyemi");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("checkbox", { name: "Students" }).check();
  await page.getByRole("button", { name: "Add Sub-admin" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Bisi Adeyemi");
  await expect(page.getByRole("checkbox", { name: "Students" })).toBeChecked();
  await expectAccessible(page);

  const email = `bisi-${Date.now().toString(36)}@school.test`;
  await page.getByLabel("Email").fill(email);
  await page.getByRole("checkbox", { name: "Files" }).check();
  await page.getByRole("button", { name: "Add Sub-admin" }).click();
  await expect(page.getByRole("heading", { name: "Sub-admin added" })).toBeVisible();
  await expect(page.getByTestId("credential-unique-id")).toHaveText(admin.account.uniqueId);
  await expect(page.getByTestId("credential-email")).toHaveText(email);
  const password = (await page.getByTestId("credential-password").textContent())!.trim();
  expect(password).toMatch(/^\S{14}$/);
  await expectAccessible(page);

  await page.getByRole("link", { name: "Back to Manage Admins" }).click();
  const row = page.getByRole("list", { name: "Sub-admins" }).getByRole("listitem").filter({ hasText: "Bisi Adeyemi" });
  await expect(row).toContainText("Features: Students, Files");

  // The sub-admin signs in on a device of their own.
  const context = await browser.newContext();
  const sub = await context.newPage();
  await sub.goto("/choose-account");
  await sub.getByLabel("Unique ID").fill(admin.account.uniqueId);
  await sub.getByLabel("Email (sub-admins and teachers)").fill(email);
  await sub.getByLabel("Password").fill(password);
  await sub.getByRole("button", { name: "Login" }).click();
  await expect(sub).toHaveURL(/\/admin\/students$/);
  await expect(sub.getByRole("heading", { level: 1, name: "Students" })).toBeVisible();
  await expect(menuLinks(sub)).toHaveText(["Students", "Files"]);
  await expect(sub.locator('nav[aria-label="Super-admin"]')).toHaveCount(0);
  await expect(sub.getByRole("navigation", { name: "Quick links" }).getByRole("link")).toHaveCount(0);
  await expectAccessible(sub);

  await sub.goto("/admin/files");
  await expect(sub.getByRole("heading", { level: 1 })).toBeVisible();

  for (const path of [
    "/admin/dashboard",
    "/admin/settings",
    "/admin/staff/add",
    "/super-admin/manage-admins",
    "/admin/add-bank-details",
  ]) {
    const response = await sub.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(sub.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    await expect(sub.getByText("You do not have access to this page.")).toBeVisible();
  }
  await expectAccessible(sub);
  await sub.getByRole("link", { name: "Go to my start page" }).click();
  await expect(sub).toHaveURL(/\/admin\/students$/);

  // The main admin takes Files away: the next page the sub-admin opens follows.
  await page.getByRole("main").getByRole("link", { name: "Bisi Adeyemi" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Sub-admin" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Files" }).uncheck();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/super-admin\/manage-admins$/);
  await expect(row).toContainText("Features: Students");
  expect((await sub.goto("/admin/files"))?.status()).toBe(403);
  await sub.goto("/admin/students");
  await expect(menuLinks(sub)).toHaveText(["Students"]);

  // Without the profile key, they log out from the menu, whose data saver switch is there too; signing in
  // again from a page asked for leads back to it.
  await sub.getByText("Menu", { exact: true }).click();
  const menu = sub.locator("header details");
  await expect(menu.getByRole("button", { name: "Data saver: Off" })).toBeVisible();
  await menu.getByRole("button", { name: "Logout" }).click();
  await expect(sub).toHaveURL(/\/choose-account$/);
  await expect(sub.getByTestId("toast")).toHaveText("You have been logged out.");
  await sub.goto("/admin/students?class=JSS1");
  await expect(sub).toHaveURL(/\/choose-account\?returnTo=/);
  await sub.getByLabel("Unique ID").fill(admin.account.uniqueId);
  await sub.getByLabel("Email (sub-admins and teachers)").fill(email);
  await sub.getByLabel("Password").fill(password);
  await sub.getByRole("button", { name: "Login" }).click();
  await expect(sub).toHaveURL(/\/admin\/students\?class=JSS1$/);

  // Disabling signs them out at their next page.
  await row.locator("summary").click();
  await row.getByRole("button", { name: "Disable" }).click();
  await expect(row).toContainText("Disabled");
  await sub.goto("/admin/students");
  await expect(sub).toHaveURL(/\/choose-account$/);
  await context.close();

  // The audit log names both permission changes; filters are a GET form.
  await page.getByRole("main").getByRole("link", { name: "Audit Log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  const entries = page.getByRole("list", { name: "Audit log entries" }).getByRole("listitem");
  await expect(entries.first()).toContainText("Disabled sub-admin Bisi Adeyemi");
  await expect(entries.filter({ hasText: "Added sub-admin Bisi Adeyemi with Students, Files" })).toHaveCount(1);
  await page.getByLabel("Kind").selectOption("deletion");
  await expect(page).toHaveURL(/kind=deletion/);
  await expect(page.getByText("No entries match these filters")).toBeVisible();
  await expectAccessible(page);
});

test("the main admin resets a sub-admin's password, then deletes them, after confirming", async ({ page, request }) => {
  const admin = await signedIn(page, request, "SubAdminReset");
  const added = await request.post(`/api/admin/${admin.account.uniqueId}/sub-admins`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { name: "Chinedu Obi", email: `chinedu-${Date.now().toString(36)}@school.test`, features: ["dashboard"] },
  });
  expect(added.status()).toBe(201);
  const { data } = (await added.json()) as { data: { email: string; password: string } };

  await page.goto("/super-admin/manage-admins");
  const row = page.getByRole("list", { name: "Sub-admins" }).getByRole("listitem").filter({ hasText: "Chinedu Obi" });
  await row.locator("summary").click();
  await row.getByRole("link", { name: "Reset password" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset password" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("heading", { name: "New password" })).toBeVisible();
  const password = (await page.getByTestId("credential-password").textContent())!.trim();
  expect(password).not.toBe(data.password);
  await expectAccessible(page);

  const login = (pw: string) =>
    request.post("/api/admin/login", { data: { unique_id: admin.account.uniqueId, email: data.email, password: pw } });
  expect((await login(data.password)).status()).toBe(401);
  expect((await login(password)).status()).toBe(200);

  await page.goto("/super-admin/manage-admins");
  await row.locator("summary").click();
  await row.getByRole("link", { name: "Delete" }).click();
  await page.getByRole("dialog", { name: "Delete sub-admin" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/super-admin\/manage-admins$/);
  await expect(page.getByText("Sub-admin deleted successfully")).toBeVisible();
  await expect(page.getByText("No sub-admins yet")).toBeVisible();
  expect((await login(password)).status()).toBe(401);
});

test(
  "no-js smoke: manage admins, add, a sub-admin's menu and 403 page, the audit log, reset password and delete",
  { tag: "@no-js" },
  async ({ page, browser, request }) => {
    const admin = await signedIn(page, request, "Smoke");
    await page.goto("/super-admin/manage-admins");
    await expect(page.getByText("No sub-admins yet")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("main").getByRole("link", { name: "Add Sub-admin" }).first().click();
    await page.getByLabel("Name").fill("Bisi Adeyemi");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("checkbox", { name: "Students" }).check();
    await page.getByRole("button", { name: "Add Sub-admin" }).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter a valid email address.");
    await expectAccessible(page);
    const email = `bisi-${Date.now().toString(36)}@school.test`;
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Add Sub-admin" }).click();
    await expect(page.getByRole("heading", { name: "Sub-admin added" })).toBeVisible();
    const password = (await page.getByTestId("credential-password").textContent())!.trim();
    await expectAccessible(page);

    // The sub-admin signs in on a device of their own; the phone menu is a <details> that opens without a script.
    const context = await browser.newContext();
    const sub = await context.newPage();
    await sub.goto("/choose-account");
    await sub.getByLabel("Unique ID").fill(admin.account.uniqueId);
    await sub.getByLabel("Email (sub-admins and teachers)").fill(email);
    await sub.getByLabel("Password").fill(password);
    await sub.getByRole("button", { name: "Login" }).click();
    await expect(sub).toHaveURL(/\/admin\/students$/);
    await sub.locator("summary", { hasText: "Menu" }).click();
    await expect(menuLinks(sub)).toHaveText(["Students"]);
    await expect(menuLinks(sub).first()).toBeVisible();
    await expectAccessible(sub);
    expect((await sub.goto("/admin/dashboard"))?.status()).toBe(403);
    await expect(sub.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
    await expectAccessible(sub);
    await context.close();

    // Edit, then Disable from the row's <details> menu.
    await page.getByRole("link", { name: "Back to Manage Admins" }).click();
    const row = page
      .getByRole("list", { name: "Sub-admins" })
      .getByRole("listitem")
      .filter({ hasText: "Bisi Adeyemi" });
    await page.getByRole("main").getByRole("link", { name: "Bisi Adeyemi" }).click();
    await page.getByRole("checkbox", { name: "Files" }).check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(row).toContainText("Features: Students, Files");
    await row.locator("summary").click();
    await row.getByRole("button", { name: "Disable" }).click();
    await expect(row).toContainText("Disabled");

    await page.getByRole("main").getByRole("link", { name: "Audit Log" }).click();
    await page.getByLabel("Kind").selectOption("deletion");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/kind=deletion/);
    await expect(page.getByText("No entries match these filters")).toBeVisible();
    await expectAccessible(page);

    await page.goto("/super-admin/manage-admins");
    await row.locator("summary").click();
    await row.getByRole("link", { name: "Reset password" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reset password" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByRole("heading", { name: "New password" })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/super-admin/manage-admins");
    await row.locator("summary").click();
    await row.getByRole("link", { name: "Delete" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delete sub-admin" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Sub-admin deleted successfully")).toBeVisible();
    await expect(page.getByText("No sub-admins yet")).toBeVisible();
  },
);
