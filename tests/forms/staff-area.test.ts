import { beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../contract/access";
import { STAFF_AREA_MESSAGES } from "../../contract/staff-area";
import type { Page } from "./support/browser";
import { emailLogin, registerSchool, signedIn, type Admin } from "./support/school";

/**
 * The staff area with JavaScript off: the main admin turns a teacher's sign-in on from the staff member's page
 * (the details shown once), resets and turns it off; the teacher signs in on the one login page, lands on the
 * staff dashboard, sees the staff menu, gets the 403 page on every admin page, changes their password and logs out.
 */
const menuLinks = (page: Page) => page.linkNames('nav[aria-label="Admin menu"]');

describe("the staff area without JavaScript", () => {
  let school: Admin;
  let staffId: string;
  beforeAll(async () => {
    school = await registerSchool("StaffArea");
    const added = await school.api<{ data: { unique_id: string } }>("POST", "/staffs", {
      staff_data: {
        name: "Mrs. Funke Bello",
        email: "funke@staffarea.ng",
        phone: "0806 111 2222",
        is_teaching_staff: true,
        form_teacher: "JSS1",
      },
    });
    staffId = added.body.data.unique_id;
  });

  it("the main admin turns sign-in on and sees the details once; the teacher lands on the staff dashboard", async () => {
    const admin = await signedIn(school);
    let page = await admin.goto(`/admin/staff/${staffId}/update`);
    expect(page.text()).toContain("Staff area sign-in: Off");
    page = await page.follow("Manage sign-in");
    expect(page.heading()).toBe("Staff area sign-in");
    expect(page.byTestId("sign-in-status")?.textContent).toContain("Sign-in is off");
    page = await page.form({ button: "Turn on sign-in" }).submit("Turn on sign-in");
    expect(page.status).toBe(200);
    const password = page.byTestId("credential-password")!.textContent!.trim();
    expect(page.byTestId("credential-email")?.textContent).toBe("funke@staffarea.ng");
    expect(page.byTestId("credential-unique-id")?.textContent).toBe(school.account.uniqueId);
    // Shown once: the page read again shows no password.
    page = await admin.goto(`/admin/staff-sign-in/${staffId}`);
    expect(page.byTestId("credential-password")).toBeNull();
    expect(page.byTestId("sign-in-status")?.textContent).toContain("Sign-in is on");

    const { browser, page: landed } = await emailLogin(school, "funke@staffarea.ng", password);
    expect(landed.path).toBe("/staff/dashboard");
    expect(landed.heading()).toBe("Hello, Mrs. Funke Bello");
    expect(menuLinks(landed)).toEqual([
      "Dashboard",
      "Attendance",
      "Assignments",
      "Timetable",
      "Notes",
      "Results",
      "Parent Communication",
      "CBT Exams",
      "Notifications",
    ]);
    expect(landed.text()).toContain("JSS1");

    // Every admin page is the 403 page, in the staff frame; posting to one is refused before anything is sent.
    for (const path of ["/admin/dashboard", "/admin/students", "/admin/staff", "/super-admin/manage-admins"]) {
      const refused = await browser.goto(path);
      expect(refused.status, path).toBe(403);
      expect(refused.text()).toContain(ACCESS_MESSAGES.forbiddenPage);
      expect(menuLinks(refused)).toContain("Attendance");
    }
    const missing = await browser.goto("/staff/no-such-area");
    expect(missing.status).toBe(404);
    expect(menuLinks(missing)).toContain("Attendance");

    // Their account: a wrong current password is refused beside the field; the right one changes it.
    let account = await browser.goto("/staff/account");
    account = await account
      .form({ button: "Change password" })
      .fill("Current password", "not-my-password")
      .fill("New password", "my-new-password-1")
      .submit("Change password");
    expect(account.status).toBe(422);
    expect(account.field("Current password").description).toBeTruthy();
    account = await account
      .form({ button: "Change password" })
      .fill("Current password", password)
      .fill("New password", "my-new-password-1")
      .submit("Change password");
    expect(account.path).toBe("/staff/account");
    const out = await account.form({ selector: 'aside form[action="/admin/logout"]' }).submit("Logout");
    expect(out.path).toBe("/choose-account");
    expect((await emailLogin(school, "funke@staffarea.ng", "my-new-password-1")).page.path).toBe("/staff/dashboard");

    // The admin turns it off: the teacher's session ends and the staff area is closed to admins.
    const off = await (await admin.goto(`/admin/staff-sign-in/${staffId}`))
      .form({ button: "Turn off sign-in" })
      .submit("Turn off sign-in");
    expect(off.toast()).toBe(STAFF_AREA_MESSAGES.signInOff);
    expect((await emailLogin(school, "funke@staffarea.ng", "my-new-password-1")).page.status).toBe(422);
    expect((await admin.goto("/staff/dashboard")).status).toBe(403);
  });
});
