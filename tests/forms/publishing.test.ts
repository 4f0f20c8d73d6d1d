import { read, utils } from "@e965/xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { RESULTS_MESSAGES as M } from "../../contract/results";
import type { SchoolSettings } from "../../contract/settings";
import { Browser, type Page } from "./support/browser";
import { baseUrl, registerSchool, signedIn, type Admin } from "./support/school";

/**
 * The broadsheet and the publishing of results with JavaScript off: GET forms choose the class and term, Publish
 * and Unpublish go through their confirm pages, a correction reopens one subject with its reason; a sub-admin
 * is refused the publishing screen.
 */

const SECTION = "Junior Secondary";
const SUBJECTS = ["Mathematics", "English Language"];

let school: Admin;
let term: { term: string; session: string };
const ids: Record<string, number> = {};

const classItem = (page: Page, className: string) =>
  page.listItems("Classes").find((item) => item.startsWith(className)) ?? "";
const classCard = (page: Page, className: string) =>
  [...page.document.querySelectorAll('ul[aria-label="Classes"] > li')].find((li) =>
    (li.querySelector("h2")?.textContent ?? "").trim().startsWith(className),
  )!;
const sheetPath = (subject: string) =>
  `/results/sheet?${new URLSearchParams({ class: "JSS1", subject, term: term.term, year: term.session })}`;
const saveScores = (subject: string, exam: number) =>
  school.api("PUT", sheetPath(subject), { rows: [{ student_id: ids["Ada Eze"], scores: { Exam: exam } }] });
const publication = (published: boolean) =>
  school.api("POST", "/results/publication", { class: "JSS1", term: term.term, session: term.session, published });

beforeAll(async () => {
  school = await registerSchool("Results");
  const settings = await school.api("POST", "/school-settings", {
    school_settings: {
      sections: [SECTION],
      classes: ["JSS1", "JSS2"].map((class_name) => ({ class_name, section: SECTION, subjects: SUBJECTS })),
    },
  });
  expect(settings.status).toBe(200);
  const current = await school.api<{ data: SchoolSettings }>("GET", "/school-settings");
  term = current.body.data.school_term!;
  let n = 0;
  for (const [name, className] of [
    ["Ada Eze", "JSS1"],
    ["=SUM(A1)", "JSS1"],
    ["Kemi Ade", "JSS2"],
  ]) {
    const added = await school.api<{ data: { id: number } }>("POST", "/students", {
      student_data: {
        name,
        selectedClass: className,
        gender: "Female",
        phone_number: "0803 123 4567",
        admission: `R/${++n}`,
      },
    });
    expect(added.status).toBe(201);
    ids[name] = added.body.data.id;
  }
  const both = (exam: (name: string) => number) =>
    ["Ada Eze", "=SUM(A1)"].map((name) => ({ student_id: ids[name], scores: { "1st CA": 10, Exam: exam(name) } }));
  expect(
    (await school.api("PUT", sheetPath("Mathematics"), { rows: both((name) => (name === "Ada Eze" ? 50 : 40)) }))
      .status,
  ).toBe(200);
  expect((await saveScores("English Language", 45)).status).toBe(200);
});

describe("broadsheet without JavaScript", () => {
  it("a GET form chooses the class; the table gives totals, total, average and position; the .xlsx downloads", async () => {
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/results/broadsheet");
    expect(page.status).toBe(200);
    expect(page.heading()).toBe(M.broadsheet);
    expect(page.text()).toContain(M.chooseClass);
    page = await page.form({ button: "Show" }).select("Class", "JSS1").submit("Show");
    expect(page.url.searchParams.get("class")).toBe("JSS1");
    const rows = page.tableRows();
    expect(rows[0]).toEqual([M.student, ...SUBJECTS, M.total, M.average, M.position]);
    expect(rows).toContainEqual(["Ada EzeR/1", "60", "45", "105", "52.5", "1st"]);
    expect(rows).toContainEqual(["=SUM(A1)R/2", "50", "–", "50", "50", "2nd"]);
    expect(rows).toContainEqual([M.classAverage, "55", "45"]);
    expect(page.region(/^JSS1, /)).toBeTruthy();
    expect(page.region(M.totalsBySubject)).toBeTruthy();

    const file = await page.follow(M.downloadBroadsheet);
    expect(file.status).toBe(200);
    expect(file.filename).toMatch(/^broadsheet-JSS1-.*\.xlsx$/);
    const book = read(file.bytes!, { type: "buffer", cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]];
    const formula = Object.keys(sheet).find((ref) => String(sheet[ref].v ?? "").includes("SUM(A1)"))!;
    expect(sheet[formula]).toMatchObject({ t: "s", v: "'=SUM(A1)" });
    expect(sheet[formula].f).toBeUndefined();
    expect(utils.sheet_to_json<unknown[]>(sheet, { header: 1 })[1]).toContain(M.total);
  });

  it("in the 3rd term, each subject shows its 1st, 2nd, 3rd term and annual average, then the annual figures", async () => {
    // The session before the current one, scored here only: Ada has the 1st and 3rd terms of Mathematics and the
    // 1st term of English Language.
    const start = Number(term.session.slice(0, 4)) - 1;
    const session = `${start}/${start + 1}`;
    const save = async (subject: string, termName: string, scores: Record<string, number>) => {
      const query = new URLSearchParams({ class: "JSS1", subject, term: termName, year: session });
      const res = await school.api("PUT", `/results/sheet?${query}`, {
        rows: [{ student_id: ids["Ada Eze"], scores }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await save("Mathematics", "1st Term", { "1st CA": 10, Exam: 50 });
    await save("Mathematics", "3rd Term", { "1st CA": 20, Exam: 60 });
    await save("English Language", "1st Term", { Exam: 45 });
    const browser = await signedIn(school);
    const page = await browser.goto(
      `/admin/results/broadsheet?${new URLSearchParams({ class: "JSS1", term: "3rd Term", year: session })}`,
    );
    expect(page.status).toBe(200);
    const rows = page.tableRows();
    expect(rows[0]).toEqual([
      M.student,
      ...SUBJECTS,
      M.total,
      M.average,
      M.position,
      "Annual Average",
      "Annual Position",
    ]);
    expect(rows[1]).toEqual(SUBJECTS.flatMap(() => ["1st Term", "2nd Term", "3rd Term", "Annual Avg."]));
    expect(rows).toContainEqual([
      "Ada EzeR/1",
      "60",
      "–",
      "80",
      "70",
      "45",
      "–",
      "–",
      "45",
      "80",
      "80",
      "1st",
      "57.5",
      "1st",
    ]);

    // The 1st term of the same session has no cumulative columns.
    const first = await browser.goto(
      `/admin/results/broadsheet?${new URLSearchParams({ class: "JSS1", term: "1st Term", year: session })}`,
    );
    expect(first.tableRows()[0]).toEqual([M.student, ...SUBJECTS, M.total, M.average, M.position]);
  });

  it("a class that is not the school's shows the picker alone", async () => {
    const browser = await signedIn(school);
    const page = await browser.goto("/admin/results/broadsheet?class=SS9");
    expect(page.status).toBe(200);
    expect(page.tableRows()).toEqual([]);
    expect(page.text()).toContain(M.chooseClass);
  });
});

describe("publishing results without JavaScript", () => {
  it("shows each class's completeness; Publish and Unpublish after their confirm pages; a published sheet refuses change", async () => {
    const browser = await signedIn(school);
    let page = await browser.goto("/super-admin/results");
    expect(page.status).toBe(200);
    expect(page.heading()).toBe(M.publishing);
    expect(classItem(page, "JSS1")).toContain(M.subjectsComplete(1, 2));
    expect(classItem(page, "JSS1")).toContain(M.notPublishedState);
    expect(classItem(page, "JSS2")).toContain(M.subjectsComplete(0, 2));

    let confirm = await page.followWithin(classCard(page, "JSS1"), M.publish);
    expect(confirm.path).toBe("/super-admin/results/publish");
    expect(confirm.heading()).toBe(M.publishTitle("JSS1"));
    expect(confirm.text()).toContain(M.publishQuestion("JSS1", 1, 2));
    page = await confirm.follow("Cancel");
    expect(classItem(page, "JSS1")).toContain(M.notPublishedState);

    confirm = await page.followWithin(classCard(page, "JSS1"), M.publish);
    // Sent twice, as a double tap would: one publication.
    const form = confirm.form({ button: M.publish });
    const [first] = await Promise.all([form.submit(M.publish), form.submit(M.publish)]);
    page = first;
    expect(page.path).toBe("/super-admin/results");
    expect(page.toast()).toContain(M.published("JSS1"));
    page = await browser.goto(`/super-admin/results${page.url.search}`);
    expect(classItem(page, "JSS1")).toContain(M.publishedVersion(1));

    const refused = await saveScores("English Language", 30);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toBe(M.locked("JSS1"));

    confirm = await page.followWithin(classCard(page, "JSS1"), M.unpublish);
    expect(confirm.heading()).toBe(M.unpublishTitle("JSS1"));
    page = await confirm.press(M.unpublish);
    expect(page.toast()).toContain(M.unpublished("JSS1"));
    expect(classItem(page, "JSS1")).toContain(M.unpublishedVersion(1));
    expect((await saveScores("English Language", 45)).status).toBe(200);
  });

  it("a correction needs its reason beside the field, then reopens the one subject; publishing again is the next version", async () => {
    // Published before and withdrawn: this is version 2, and publishing after the correction version 3.
    expect((await publication(true)).status).toBe(200);
    const browser = await signedIn(school);
    let page = await browser.goto("/super-admin/results");
    const form = () => page.form({ selector: "#correct-JSS1" });
    page = await form().select("Subject", "Mathematics").fill("Reason", "   ").submit(M.reopen);
    expect(page.status).toBe(400);
    const within = classCard(page, "JSS1");
    expect(page.field("Reason", within).description).toBe(M.reasonRequired);
    expect(page.field("Subject", within).value).toBe("Mathematics");
    expect((await saveScores("Mathematics", 55)).status).toBe(409);

    page = await form().fill("Reason", "Exam scores swapped").submit(M.reopen);
    expect(page.path).toBe("/super-admin/results");
    expect(page.toast()).toContain(M.reopened("Mathematics"));
    expect(classItem(page, "JSS1")).toContain(M.reopenedSubjects(["Mathematics"]));
    expect((await saveScores("Mathematics", 55)).status).toBe(200);
    expect((await saveScores("English Language", 30)).status).toBe(409);

    const confirm = await page.followWithin(classCard(page, "JSS1"), M.publishAgain);
    page = await confirm.press(M.publishAgain);
    expect(page.toast()).toContain(M.reissued("JSS1", 3));
    expect(classItem(page, "JSS1")).toContain(M.publishedVersion(3));
    expect(classItem(page, "JSS1")).not.toContain(M.reopenedSubjects(["Mathematics"]));
  });

  it("a sub-admin, even with the results key, is refused the publishing screen and its confirm pages", async () => {
    const added = await school.api<{ data: { password: string } }>("POST", "/sub-admins", {
      name: "Results Clerk",
      email: "clerk@results.ng",
      phone: "0803 000 0001",
      features: ["results"],
    });
    expect(added.status).toBe(201);
    const device = new Browser(baseUrl());
    await (await device.goto("/choose-account"))
      .form({ button: "Login" })
      .fill("Unique ID", school.account.uniqueId)
      .fill("Email (sub-admins and teachers)", "clerk@results.ng")
      .fill("Password", added.body.data.password)
      .submit("Login");
    const query = `class=JSS1&term=${encodeURIComponent(term.term)}&year=${encodeURIComponent(term.session)}`;
    for (const path of ["/super-admin/results", `/super-admin/results/publish?${query}`]) {
      const denied = await device.goto(path);
      expect([path, denied.status]).toEqual([path, 403]);
    }
    const posted = await device.request(
      "POST",
      "/super-admin/results/unpublish",
      new URLSearchParams({ class: "JSS1", term: term.term, session: term.session, result: "terminal" }),
    );
    expect(posted.status).toBe(403);
    expect((await device.goto(`/admin/results/broadsheet?${query}`)).status).toBe(200);
  });
});
