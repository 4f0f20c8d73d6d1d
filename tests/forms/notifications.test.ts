import { beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../contract/access";
import { BULK_DECISION_MESSAGES as BULK } from "../../contract/admission-decisions";
import { NOTIFICATION_MESSAGES as M } from "../../contract/notifications";
import type { Page } from "./support/browser";
import { baseUrl, emailLogin, registerSchool, signedIn, signedInTeacher, type Admin } from "./support/school";

/**
 * The notification centre and every admission submission with JavaScript off: the unread count beside the menu
 * entry, drawn by the server; marking one or all as read by plain forms that come back to the same page; a teacher's
 * own notifications; the super-admin's list of submissions, filtered by a GET form, and the chosen ones approved or
 * rejected by one plain form.
 */
const menuLinks = (page: Page) => page.linkNames('nav[aria-label="Admin menu"]');
/** The words beside the menu's Notifications entry, drawn by the stylesheet from the link's data-badge. */
const badge = (page: Page) =>
  page.document.querySelector('nav[aria-label="Admin menu"] a[href="/notifications"]')?.getAttribute("data-badge") ??
  null;
const items = (page: Page) => page.listItems(M.title);
const rows = (page: Page) => page.listItems("Submissions");

let serial = 0;
async function apply(publicId: string, firstName: string, className = "JSS1") {
  serial += 1;
  const body = new FormData();
  const answers = {
    surname: "Okoro",
    firstName,
    dateOfBirth: "2013-05-01",
    gender: "Male",
    homeAddress: "3 Market Road, Aba",
    phoneNumber: `0803 111 ${String(2000 + serial)}`,
    emailAddress: `okoro${serial}@example.ng`,
    classApplyingInto: className,
    parentName: "Mr. Okoro",
    relationshipToApplicant: "Father",
  };
  for (const [name, value] of Object.entries(answers)) body.set(name, value);
  const response = await fetch(`${baseUrl()}/api/public/admission-forms/${publicId}/submissions`, {
    method: "POST",
    body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

describe("notifications and every submission without JavaScript", () => {
  let school: Admin;
  let publicId = "";
  let formId = 0;
  beforeAll(async () => {
    school = await registerSchool("Notices");
    const settings = await school.api("POST", "/school-settings", {
      school_settings: {
        sections: ["Junior"],
        classes: [
          { class_name: "JSS1", section: "Junior", subjects: ["Mathematics"] },
          { class_name: "JSS2", section: "Junior", subjects: ["Mathematics"] },
        ],
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const form = await school.api<{ data: { id: number; public_id: string } }>("POST", "/create-admission-form", {
      title: "Entrance",
      amount: 0,
      status: "active",
    });
    expect(form.status).toBe(201);
    publicId = form.body.data.public_id;
    formId = form.body.data.id;
    await apply(publicId, "Ada");
    await apply(publicId, "Bayo");
  });

  it("counts the unread beside the menu entry; marks one, then all, as read and comes back to the page", async () => {
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/dashboard");
    expect(badge(page)).toBe("2 unread");

    page = await page.follow("Notifications", { first: true });
    expect(page.status).toBe(200);
    expect(page.heading()).toBe(M.title);
    expect(items(page)).toHaveLength(2);
    expect(items(page)[0]).toContain("New application from");
    expect(items(page).every((text) => text.includes(M.unread))).toBe(true);
    // Each links to the thing: the submission's review page.
    const review = page.links(/New application from/)[0].getAttribute("href")!;
    expect(review).toMatch(new RegExp(`^/submission-review/${school.account.uniqueId}/\\d+$`));

    page = await page.form({ selector: "li form" }).submit(M.markRead);
    expect(page.path).toBe("/notifications");
    expect(page.toast()).toBe(M.markedRead);
    expect(badge(page)).toBe("1 unread");
    expect(items(page).filter((text) => text.includes(M.unread))).toHaveLength(1);

    // Sent twice (a double tap), marking all is the same: nothing unread, no count, the button gone.
    const form = page.form({ button: M.markAllRead });
    const [one, two] = await Promise.all([form.submit(M.markAllRead), form.submit(M.markAllRead)]);
    for (const done of [one, two]) expect(done.path).toBe("/notifications");
    page = await browser.goto("/notifications?page=1");
    expect(page.toast()).toBeNull();
    expect(badge(page)).toBeNull();
    expect(items(page).some((text) => text.includes(M.unread))).toBe(false);
    expect(page.buttons(M.markAllRead)).toEqual([]);
    const unread = await school.api<{ data: { unread: number } }>("GET", "/notifications/unread");
    expect(unread.body.data.unread).toBe(0);
  });

  it("a sub-admin sees only their keys' notifications, and no entry without the key", async () => {
    const added = await school.api<{ data: { password: string } }>("POST", "/sub-admins", {
      name: "Ngozi Bello",
      email: "ngozi@notices.ng",
      features: ["notifications", "school_fees"],
    });
    expect(added.status).toBe(201);
    const { browser, page } = await emailLogin(school, "ngozi@notices.ng", added.body.data.password);
    expect(menuLinks(page)).toContain("Notifications");
    const list = await browser.goto("/notifications");
    expect(list.status).toBe(200);
    expect(list.text()).toContain(M.empty);

    const without = await school.api<{ data: { password: string } }>("POST", "/sub-admins", {
      name: "Tunde Ojo",
      email: "tunde@notices.ng",
      features: ["admission"],
    });
    const other = await emailLogin(school, "tunde@notices.ng", without.body.data.password);
    expect(menuLinks(other.page)).not.toContain("Notifications");
    const refused = await other.browser.goto("/notifications");
    expect(refused.status).toBe(403);
    expect(refused.text()).toContain(ACCESS_MESSAGES.forbiddenPage);
  });

  it("a teacher opens their own notifications from the staff menu", async () => {
    const published = await school.api("POST", "/results/publication", {
      class: "JSS1",
      term: "1st Term",
      session: "2025/2026",
      result: "terminal",
      published: true,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const { browser } = await signedInTeacher(school, {
      name: "Mr. Sola Ade",
      email: "sola@notices.ng",
      form_teacher: "JSS1",
    });
    let page = await browser.goto("/staff/dashboard");
    expect(badge(page)).toBe("1 unread");
    page = await page.follow("Notifications", { first: true });
    expect(page.status).toBe(200);
    expect(items(page)).toHaveLength(1);
    expect(page.href(/Published the results of JSS1/)).toBe("/staff/results");
    page = await page.form({ button: M.markAllRead }).submit(M.markAllRead);
    expect(page.toast()).toBe(M.allMarkedRead);
    expect(badge(page)).toBeNull();
    // The admin's own count is untouched by the teacher's reading.
    const admin = await signedIn(school);
    expect(badge(await admin.goto("/admin/dashboard"))).toBe("1 unread");
  });

  describe("/super-admin/admissions", () => {
    it("lists every form's submissions, filtered by a GET form, each opening its review page", async () => {
      const second = await school.api<{ data: { id: number; public_id: string } }>("POST", "/create-admission-form", {
        title: "Transfer",
        amount: 0,
        status: "active",
      });
      await apply(second.body.data.public_id, "Chika", "JSS2");
      const browser = await signedIn(school);
      let page = await browser.goto("/admin/dashboard");
      page = await page.follow("Admissions", { first: true });
      expect(page.path).toBe("/super-admin/admissions");
      expect(page.heading()).toBe(BULK.title);
      expect(rows(page)).toHaveLength(3);
      page = await page.form({ button: "Filter" }).select("Class", "JSS2").submit("Filter");
      expect(page.url.search).toContain("class=JSS2");
      expect(rows(page)).toHaveLength(1);
      expect(rows(page)[0]).toContain("Transfer · JSS2");
      expect(page.field("Class").value).toBe("JSS2");
      page = await page.form({ button: "Filter" }).select("Class", "").select("Form", String(formId)).submit("Filter");
      expect(rows(page)).toHaveLength(2);
      const review = await page.follow(/Ada/, { first: true });
      expect(review.status).toBe(200);
      expect(review.path).toMatch(/^\/submission-review\//);
    });

    it("refuses a decision with none chosen: 422, the message above the list, nothing written", async () => {
      const browser = await signedIn(school);
      let page = await browser.goto("/super-admin/admissions");
      page = await page.form({ button: BULK.approveChosen }).submit(BULK.approveChosen);
      expect(page.status).toBe(422);
      expect(page.text()).toContain(BULK.choose);
      const pending = await school.api<{ data: { total: number } }>("GET", "/submissions?status=pending");
      expect(pending.body.data.total).toBe(3);
    });

    it("approves the chosen ones, sent twice at once, each once; back to the same page with what was done", async () => {
      const browser = await signedIn(school);
      const page = await browser.goto("/super-admin/admissions?status=pending&class=JSS1");
      expect(rows(page)).toHaveLength(2);
      const form = page.form({ button: BULK.approveChosen });
      for (const label of page.controls(/^Choose /)) form.check(label.getAttribute("aria-label")!);
      const [one, two] = await Promise.all([form.submit(BULK.approveChosen), form.submit(BULK.approveChosen)]);
      const toasts = [one.toast(), two.toast()];
      expect(toasts).toContain(BULK.approved(2));
      for (const done of [one, two])
        expect(done.url.pathname + done.url.search).toBe("/super-admin/admissions?status=pending&class=JSS1");
      const approved = await school.api<{ data: { total: number } }>("GET", "/submissions?status=approved");
      expect(approved.body.data.total).toBe(2);
      const students = await school.api<{ data: { total: number } }>("GET", "/students");
      expect(students.body.data.total).toBe(2);
      const after = await browser.goto("/super-admin/admissions?status=pending");
      expect(rows(after)).toHaveLength(1);
    });

    it("rejects the chosen one", async () => {
      const browser = await signedIn(school);
      const page = await browser.goto("/super-admin/admissions?status=pending");
      const done = await page
        .form({ button: BULK.rejectChosen })
        .check(/^Choose .*Chika/)
        .submit(BULK.rejectChosen);
      expect(done.toast()).toBe(BULK.rejected(1));
      expect(rows(done)).toEqual([]);
    });

    it("is the main admin's: a sub-admin gets the 403 page", async () => {
      const added = await school.api<{ data: { password: string } }>("POST", "/sub-admins", {
        name: "Ada Review",
        email: "ada.review@notices.ng",
        features: ["admission"],
      });
      const { browser } = await emailLogin(school, "ada.review@notices.ng", added.body.data.password);
      const refused = await browser.goto("/super-admin/admissions");
      expect(refused.status).toBe(403);
      expect(refused.document.querySelector('nav[aria-label="Admin menu"]')).not.toBeNull();
    });
  });
});
