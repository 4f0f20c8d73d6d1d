import { beforeAll, describe, expect, it } from "vitest";
import { formatLongDate } from "../../app/lib/dates";
import { logoPng, textFile, tooLargePng } from "../e2e/support/files";
import { newSchoolDetails } from "../e2e/support/school";
import { Browser, normalize, type Page } from "./support/browser";
import { baseUrl, registerSchool, signedIn, type Admin } from "./support/school";

/**
 * The foundation screens with JavaScript off: register, login, dashboard, profile (its three forms, the
 * phone page, the General pages, the logout confirm page) and the admin shell. Tests that change the
 * school's account (its details, logo, password, session) register their own school; the others share one.
 */

let admin: Admin;

beforeAll(async () => {
  admin = await registerSchool("FoundationForms");
});

const testIdText = (page: Page, id: string) => normalize(page.byTestId(id)?.textContent);

/** Logs in through the login form, as a visitor would. */
async function logIn(browser: Browser, uniqueId: string, password: string) {
  return (await browser.goto("/choose-account"))
    .form({ button: "Login" })
    .fill("Unique ID", uniqueId)
    .fill("Password", password)
    .submit("Login");
}

type AdminData = {
  school_name: string;
  principal_name: string;
  school_email: string;
  school_address: string | null;
  logo_url: string | null;
};
const adminData = async (school: Admin) =>
  (await school.api<{ data: Array<{ admin_data: AdminData }> }>("GET", "/adminData")).body.data[0].admin_data;

const logoSrc = (page: Page) => page.document.querySelector('img[alt="School logo"]')?.getAttribute("src");

const ADMIN_MENU = 'nav[aria-label="Admin menu"]';
const QUICK_LINKS = 'nav[aria-label="Quick links"]';

/** Follows the link named `name` inside the first element matching `selector` (the menu, the bottom bar). */
function followIn(page: Page, selector: string, name: string) {
  const link = [...(page.document.querySelector(selector)?.querySelectorAll("a[href]") ?? [])].find(
    (each) => normalize(each.textContent) === name,
  );
  if (!link) throw new Error(`no link ${name} in ${selector} on ${page.path}`);
  return page.browser.goto(new URL(link.getAttribute("href")!, page.url).toString());
}

describe("register without JavaScript", () => {
  it("shows each field's message, keeps input, then shows the new credentials once", async () => {
    const browser = new Browser(baseUrl());
    let page = await browser.goto("/register");
    expect(page.heading()).toBe("Create an account");

    page = await page.press("Create Account");
    expect(page.status).toBe(400);
    expect(page.field("School Name").description).toBe("School name is required");
    expect(page.field("Principal Name").description).toBe("Principal name is required");
    expect(page.field("School Email").description).toBe("School email is required");
    expect(page.field("Phone Number").description).toMatch(/^Phone number is required/);
    expect(page.field("School Logo").description).toMatch(/^Logo is required/);

    const school = newSchoolDetails("Register");
    page = await page
      .form({ button: "Create Account" })
      .fill("School Name", school.schoolName)
      .fill("Principal Name", school.principalName)
      .fill("School Email", school.email)
      .fill("Phone Number", "12-ab")
      .attach("School Logo", logoPng())
      .submit("Create Account");
    expect(page.field("Phone Number").description).toMatch(/^Enter a valid phone number\./);
    expect(page.field("School Name").value).toBe(school.schoolName);
    expect(page.field("Principal Name").value).toBe(school.principalName);
    expect(page.field("School Email").value).toBe(school.email);
    expect(page.field("Phone Number").value).toBe("12-ab");
    expect(page.field("School Name").invalid).toBe(false);

    // A browser never keeps a chosen file across a page load, so the logo is chosen again.
    page = await page
      .form({ button: "Create Account" })
      .fill("Phone Number", school.phone)
      .attach("School Logo", logoPng())
      .submit("Create Account");
    expect(page.heading()).toBe("Your school account is ready");
    const uniqueId = testIdText(page, "new-unique-id");
    const password = testIdText(page, "new-password");
    expect(uniqueId).toMatch(/^SCH-[A-Z0-9]{7}$/);
    expect(password).toMatch(/^\S{14}$/);

    expect(page.href("Continue to login")).toBe("/choose-account");
    expect((await page.follow("Continue to login")).path).toBe("/choose-account");

    // Shown once: the register page is a blank form again.
    const again = await browser.goto("/register");
    expect(again.byTestId("new-password")).toBeNull();
    expect(again.html).not.toContain(password);

    const dashboard = await logIn(browser, uniqueId, password);
    expect(dashboard.path).toBe("/admin/dashboard");
    expect(testIdText(dashboard, "school-name")).toBe(school.schoolName);
  });

  it("an email already registered, in any letter case, is refused beside its field with the rest kept", async () => {
    const school = newSchoolDetails("Register");
    let page = await new Browser(baseUrl()).goto("/register");
    page = await page
      .form({ button: "Create Account" })
      .fill("School Name", school.schoolName)
      .fill("Principal Name", school.principalName)
      .fill("School Email", admin.account.email.toUpperCase())
      .fill("Phone Number", school.phone)
      .attach("School Logo", logoPng())
      .submit("Create Account");
    expect(page.status).toBe(422);
    expect(page.heading()).toBe("Create an account");
    expect(page.field("School Email").description).toBe(
      "This school email is already registered. Sign in with your Unique ID instead.",
    );
    expect(page.field("School Email").value).toBe(admin.account.email.toUpperCase());
    expect(page.field("School Name").value).toBe(school.schoolName);
    expect(page.field("Principal Name").value).toBe(school.principalName);
    expect(page.field("Phone Number").value).toBe(school.phone);
    expect(page.href("Have an account? Login")).toBe("/choose-account");
  });

  it("'Have an account? Login' goes to the login page", async () => {
    const page = await (await new Browser(baseUrl()).goto("/register")).follow("Have an account? Login");
    expect(page.path).toBe("/choose-account");
    expect(page.heading()).toBe("Login");
  });
});

describe("login without JavaScript", () => {
  it("a wrong password keeps the Unique ID; the right one opens the dashboard", async () => {
    const browser = new Browser(baseUrl());
    let page = await logIn(browser, admin.account.uniqueId, "not-the-password");
    expect(page.path).toBe("/choose-account");
    expect(page.text()).toContain("Unique ID or password is incorrect.");
    expect(page.field("Unique ID").value).toBe(admin.account.uniqueId);

    page = await page.form({ button: "Login" }).fill("Password", admin.account.password).submit("Login");
    expect(page.path).toBe("/admin/dashboard");
    expect(page.toast()).toBe("Welcome back!");
  });

  it("a logged-out visit to an admin page signs in back on that page, its query kept", async () => {
    const browser = new Browser(baseUrl());
    let page = await browser.goto("/admin/students?class=JSS1");
    expect(page.path).toBe("/choose-account");
    expect(page.url.searchParams.get("returnTo")).toBe("/admin/students?class=JSS1");
    // A refused attempt keeps the page asked for.
    page = await page
      .form({ button: "Login" })
      .fill("Unique ID", admin.account.uniqueId)
      .fill("Password", "not-the-password")
      .submit("Login");
    expect(page.text()).toContain("Unique ID or password is incorrect.");
    page = await page.form({ button: "Login" }).fill("Password", admin.account.password).submit("Login");
    expect(page.path + page.url.search).toBe("/admin/students?class=JSS1");
    expect(page.heading()).toBe("Students");
    expect(page.toast()).toBe("Welcome back!");
  });

  it.each([
    ["another site", "https://evil.example/admin/students"],
    ["a protocol-relative address", "//evil.example"],
    ["a backslash trick", "/\\evil.example/admin/"],
    ["the API", "/api/admin/students"],
    ["a path that climbs out of /admin", "/admin/../api/admin/students"],
    ["a page outside the admin area", "/register"],
    ["a javascript: address", "javascript:alert(1)"],
  ])("a return address to %s lands on the dashboard after sign-in", async (_, returnTo) => {
    const login = await new Browser(baseUrl()).goto(`/choose-account?${new URLSearchParams({ returnTo })}`);
    const page = await login
      .form({ button: "Login" })
      .fill("Unique ID", admin.account.uniqueId)
      .fill("Password", admin.account.password)
      .submit("Login");
    expect(page.url.origin).toBe(new URL(baseUrl()).origin);
    expect(page.path + page.url.search).toBe("/admin/dashboard");
  });

  it("/admin/dashboard and /admin/profile send a logged-out visitor to the login page", async () => {
    for (const path of ["/admin/dashboard", "/admin/profile"]) {
      expect((await new Browser(baseUrl()).goto(path)).path, path).toBe("/choose-account");
    }
  });
});

describe("dashboard without JavaScript", () => {
  it("shows the school's figures and the empty state without students", async () => {
    const page = await (await signedIn(admin)).goto("/admin/dashboard");
    expect(page.text("main header p")).toMatch(
      new RegExp(`^Good (morning|afternoon|evening), ${admin.account.principalName}$`),
    );
    expect(page.heading()).toBe(admin.account.schoolName);
    expect(testIdText(page, "term")).toMatch(/^(1ST|2ND|3RD) Term$/i);
    expect(testIdText(page, "session")).toMatch(/^\d{4}\/\d{4}$/);
    expect(page.text("main time")).toBe(formatLongDate(new Date()));
    for (const id of ["total-male", "total-female", "teaching-staff", "non-teaching-staff"])
      expect(testIdText(page, id), id).toBe("0");
    expect(page.headings(2)).toContain("No students yet");
    expect(page.document.querySelectorAll("main svg")).toHaveLength(0);
  });

  it("draws the gender chart as an inline SVG with percentages that add up to 100", async () => {
    const school = await registerSchool("Chart");
    for (const gender of ["Male", "Male", "Female"]) {
      const added = await school.api("POST", "/students", {
        student_data: { name: `Pupil ${gender}`, selectedClass: "JSS1", gender, phone_number: "08031234567" },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    const page = await (await signedIn(school)).goto("/admin/dashboard");
    expect(testIdText(page, "total-male")).toBe("2");
    expect(testIdText(page, "total-female")).toBe("1");

    const chart = page.byTestId("gender-chart")?.querySelector("svg");
    if (!chart) throw new Error("no chart drawn");
    expect(chart.getAttribute("role")).toBe("img");
    expect(normalize(chart.querySelector("title")?.textContent)).toBe("Students by gender: male 67%, female 33%");
    // The slices' own labels, not the title above.
    const labels = [...chart.querySelectorAll("text")].map((label) => normalize(label.textContent));
    expect(labels).toEqual(expect.arrayContaining(["67%", "33%"]));

    const legend = testIdText(page, "gender-legend");
    expect(legend).toContain("Male 67%");
    expect(legend).toContain("Female 33%");
    const percents = legend.match(/\d+(?=%)/g)!.map(Number);
    expect(percents.reduce((a, b) => a + b, 0)).toBe(100);
  });
});

describe("profile without JavaScript", () => {
  it("shows the Unique ID read-only and the password masked", async () => {
    const page = await (await signedIn(admin)).goto("/admin/profile");
    expect(page.heading()).toBe("Profile");
    const uniqueId = page.field("Unique ID");
    expect(uniqueId.value).toBe(admin.account.uniqueId);
    expect(uniqueId.element.hasAttribute("readonly")).toBe(true);
    const password = page.field("Password");
    expect(password.element.getAttribute("type")).toBe("password");
    expect(password.element.hasAttribute("readonly")).toBe(true);
    expect(password.value).not.toBe(admin.account.password);
    expect(page.html).not.toContain(admin.account.password);
  });

  it("checks the logo's type and size, then replaces the logo", async () => {
    const school = await registerSchool("Logo");
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/profile");
    const firstSrc = logoSrc(page);
    const firstLogo = (await adminData(school)).logo_url;
    expect(firstSrc).toBeTruthy();

    page = await page.form({ button: "Upload" }).attach("New logo", textFile()).submit("Upload");
    expect(page.field("New logo").description).toMatch(/^Only image files are allowed\./);
    expect(page.field("New signature").invalid).toBe(false);

    page = await page.form({ button: "Upload" }).attach("New logo", tooLargePng()).submit("Upload");
    expect(page.field("New logo").description).toMatch(/^File size must be less than 2MB\./);
    expect(logoSrc(page)).toBe(firstSrc);
    expect((await adminData(school)).logo_url).toBe(firstLogo);

    page = await page
      .form({ button: "Upload" })
      .attach("New logo", logoPng("new-logo.png", [200, 30, 30]))
      .submit("Upload");
    expect(page.path).toBe("/admin/profile");
    expect(page.toast()).toBe("Profile updated successfully!");
    const newSrc = logoSrc(page);
    expect(newSrc).toBeTruthy();
    expect(newSrc).not.toBe(firstSrc);
    expect((await adminData(school)).logo_url).not.toBe(firstLogo);
    const image = await browser.goto(newSrc!);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it("saves the school's details and keeps the input on a bad email", async () => {
    const school = await registerSchool("Details");
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/profile");
    expect(page.field("School Name").value).toBe(school.account.schoolName);
    expect(page.field("Principal Name").value).toBe(school.account.principalName);
    expect(page.field("School Email").value).toBe(school.account.email);

    page = await page
      .form({ button: "Save Changes" })
      .fill("School Name", "Renamed Grammar School")
      .fill("Principal Name", "Chinedu Eze")
      .fill("School Email", "not-an-email")
      .fill("School Address", "4 Broad Street, Lagos Island")
      .submit("Save Changes");
    expect(page.field("School Email").description).toBe("Enter a valid email address.");
    expect(page.field("School Name").value).toBe("Renamed Grammar School");
    expect(page.field("Principal Name").value).toBe("Chinedu Eze");
    expect(page.field("School Email").value).toBe("not-an-email");
    expect(page.field("School Address").value).toBe("4 Broad Street, Lagos Island");
    expect((await adminData(school)).school_name).toBe(school.account.schoolName);

    page = await page
      .form({ button: "Save Changes" })
      .fill("School Email", admin.account.email.toUpperCase())
      .submit("Save Changes");
    expect(page.field("School Email").description).toBe("Another school is registered with this email.");
    expect(page.field("School Name").value).toBe("Renamed Grammar School");
    expect((await adminData(school)).school_email).toBe(school.account.email);

    page = await page
      .form({ button: "Save Changes" })
      .fill("School Email", "office@renamed.test")
      .submit("Save Changes");
    expect(page.path).toBe("/admin/profile");
    expect(page.toast()).toBe("Profile updated successfully!");
    expect(page.field("School Name").value).toBe("Renamed Grammar School");
    expect(page.field("Principal Name").value).toBe("Chinedu Eze");
    expect(page.field("School Email").value).toBe("office@renamed.test");
    expect(await adminData(school)).toMatchObject({
      school_name: "Renamed Grammar School",
      principal_name: "Chinedu Eze",
      school_email: "office@renamed.test",
      school_address: "4 Broad Street, Lagos Island",
    });
    expect(page.field("School Address").value).toBe("4 Broad Street, Lagos Island");

    // Emptied, the address is cleared rather than kept.
    page = await page.form({ button: "Save Changes" }).fill("School Address", "").submit("Save Changes");
    expect(page.toast()).toBe("Profile updated successfully!");
    expect((await adminData(school)).school_address).toBeNull();
    expect(testIdText(await browser.goto("/admin/dashboard"), "school-name")).toBe("Renamed Grammar School");
  });

  it("changes the password only with the right current password", async () => {
    const school = await registerSchool("Password");
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/profile");
    page = await page
      .form({ button: "Change password" })
      .fill("Current password", "wrong-password")
      .fill("New password", "a-new-password-123")
      .submit("Change password");
    expect(page.text()).toContain("Current password is incorrect.");
    // The form sits in a <details>: it comes back open, its message in sight.
    expect(page.form({ button: "Change password" }).element.closest("details")?.hasAttribute("open")).toBe(true);

    page = await page
      .form({ button: "Change password" })
      .fill("Current password", school.account.password)
      .fill("New password", "a-new-password-123")
      .submit("Change password");
    expect(page.path).toBe("/admin/profile");
    expect(page.toast()).toBe("Password changed successfully!");

    page = await (await browser.goto("/admin/logout")).form({ selector: "main form" }).submit("Logout");
    expect(page.path).toBe("/choose-account");
    page = await logIn(browser, school.account.uniqueId, school.account.password);
    expect(page.text()).toContain("Unique ID or password is incorrect.");
    expect((await logIn(browser, school.account.uniqueId, "a-new-password-123")).path).toBe("/admin/dashboard");
  });

  it("the Phone Number row changes the phone, stored in international form", async () => {
    const school = await registerSchool("Phone");
    const browser = await signedIn(school);
    const phoneRow = (page: Page) => normalize(page.links(/^Phone Number/)[0]?.textContent);
    let page = await browser.goto("/admin/profile");
    expect(phoneRow(page)).toContain("+2348031234567");

    page = await page.follow(/^Phone Number/);
    expect(page.path).toBe("/new-whatsapp");
    expect(page.heading()).toBe("Phone Number");

    page = await page.form({ button: "Save" }).fill("Phone Number", "12").submit("Save");
    expect(page.field("Phone Number").description).toMatch(/^Enter a valid phone number\./);

    page = await page.form({ button: "Save" }).fill("Phone Number", "0809 876 5432").submit("Save");
    expect(page.path).toBe("/admin/profile");
    expect(page.toast()).toBe("Phone number updated successfully!");
    expect(phoneRow(page)).toContain("+2348098765432");
  });

  it("How To and About Us open from the General rows", async () => {
    const profile = await (await signedIn(admin)).goto("/admin/profile");
    for (const title of ["How To", "About Us"]) {
      const page = await profile.follow(title);
      expect(page.heading(), title).toBe(title);
      expect((await page.follow(/Back$/)).path, title).toBe("/admin/profile");
    }
  });

  it("Logout asks first on its confirm page; Cancel keeps the session, confirming revokes it", async () => {
    const browser = await signedIn(await registerSchool("Logout"));
    let page = await browser.goto("/admin/profile");
    expect(page.href("Logout")).toBe("/admin/logout");

    let confirm = await page.follow("Logout");
    expect(confirm.path).toBe("/admin/logout");
    expect(confirm.heading()).toBe("Logout");
    expect(confirm.text("main")).toContain("Are you sure you want to log out?");
    page = await confirm.follow("Cancel");
    expect(page.path).toBe("/admin/profile");
    expect((await browser.goto("/admin/profile")).heading()).toBe("Profile");

    const session = browser.cookie("__session")!;
    confirm = await page.follow("Logout");
    page = await confirm.form({ selector: "main form" }).submit("Logout");
    expect(page.path).toBe("/choose-account");
    expect(page.toast()).toBe("You have been logged out.");

    // The old session cookie still names the token; the API must no longer accept it.
    browser.setCookie("__session", session);
    page = await browser.goto("/admin/dashboard");
    expect(page.path).toBe("/choose-account");
    expect(page.toast()).toBe("Your session has ended. Please log in again.");
  });
});

describe("admin shell without JavaScript", () => {
  it("the menu lists the product's entries in order, in a <details> that opens without JS", async () => {
    const page = await (await signedIn(admin)).goto("/admin/dashboard");
    expect(page.linkNames(ADMIN_MENU)).toEqual([
      "Dashboard",
      "Staff",
      "Students",
      "Parents",
      "Admission",
      "Files",
      "Inventory",
      "Results",
      "Time Table",
      "Assessments",
      "School Fees",
      "Profile",
      "Settings",
      "Notifications",
    ]);
    const menu = page.document.querySelector(ADMIN_MENU)!;
    expect(normalize(menu.closest("details")?.querySelector("summary")?.textContent)).toBe("Menu");
    // It ends with the data saver switch and Logout, a form that posts.
    expect(page.form({ selector: 'header details form[action="/data-saver"]' }).button(/^Data saver/)).toBeTruthy();
    expect(page.form({ selector: 'header details form[action="/admin/logout"]' }).button("Logout")).toBeTruthy();

    const files = await followIn(page, ADMIN_MENU, "Files");
    expect(files.path).toBe("/admin/files");
    expect(files.heading()).toBe("Files");
  });

  it("the bottom bar offers Profile, Dashboard and Settings", async () => {
    const dashboard = await (await signedIn(admin)).goto("/admin/dashboard");
    expect(dashboard.linkNames(QUICK_LINKS)).toEqual(["Profile", "Dashboard", "Settings"]);
    const profile = await followIn(dashboard, QUICK_LINKS, "Profile");
    expect(profile.path).toBe("/admin/profile");
    expect((await followIn(profile, QUICK_LINKS, "Dashboard")).path).toBe("/admin/dashboard");
  });

  it("an unknown URL answers 404 with the not-found page", async () => {
    const page = await new Browser(baseUrl()).goto("/no-such-page");
    expect(page.status).toBe(404);
    expect(page.heading()).toBe("Page not found");
  });

  it("any URL of the admin areas that is none of their screens is a 404", async () => {
    const browser = await signedIn(admin);
    for (const path of ["/admin/no-such-area", "/super-admin/no-such-area"]) {
      const page = await browser.goto(path);
      expect(page.status, path).toBe(404);
      expect(page.heading(), path).toBe("Page not found");
    }
  });
});
