import { beforeAll, describe, expect, it } from "vitest";
import { RESULTS_MESSAGES as M, type ScoreSheet } from "../../contract/results";
import type { SchoolSettings } from "../../contract/settings";
import { Browser, type Page } from "./support/browser";
import { baseUrl, registerSchool, signedIn, type Admin } from "./support/school";

/**
 * Score entry with JavaScript off: a GET form picks the sheet (its address is the sheet's), the grid is one form
 * posted whole, a bad cell comes back with its message beside it and every other typed score kept, and a
 * published sheet is read only. What scripts add (keys, paste, live totals) is in tests/e2e/results.spec.ts.
 */

const SECTION = "Junior Secondary";
const SUBJECTS = ["Mathematics", "English Language", "Basic Science"];

async function setUp(school: Admin, classes: string[]) {
  const res = await school.api("POST", "/school-settings", {
    school_settings: {
      sections: [SECTION],
      classes: classes.map((class_name) => ({ class_name, section: SECTION, subjects: SUBJECTS })),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function addStudent(school: Admin, name: string, className: string, admission: string): Promise<number> {
  const res = await school.api<{ data: { id: number } }>("POST", "/students", {
    student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567", admission },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return Number(res.body.data.id);
}

/** The grid's rows as their cells' texts: name and admission number, the score inputs' values, total, grade, position. */
function gridRows(page: Page): string[][] {
  return [...page.document.querySelectorAll('[data-testid="score-row"]')].map((row) =>
    [...row.children].map((cell) => {
      const input = cell.querySelector("input");
      if (input) return input.getAttribute("value") ?? "";
      const parts = cell.children.length ? [...cell.children].map((part) => part.textContent) : [cell.textContent];
      return parts.join(" ").replace(/\s+/g, " ").trim();
    }),
  );
}

describe("score entry without JavaScript", () => {
  let school: Admin;
  let other: Admin;
  let term: string;
  let session: string;
  const ids: Record<string, number> = {};
  const sheetOf = async (school: Admin, className: string, subject: string) => {
    const query = new URLSearchParams({ class: className, subject, term, year: session });
    const res = await school.api<{ data: ScoreSheet }>("GET", `/results/sheet?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const sheetPath = (className: string, subject = "Mathematics") =>
    `/admin/results?${new URLSearchParams({ class: className, subject, term, year: session, result: "terminal" })}`;

  beforeAll(async () => {
    [school, other] = await Promise.all([registerSchool("Results"), registerSchool("ResultsOther")]);
    await Promise.all([setUp(school, ["JSS1", "JSS2"]), setUp(other, ["JSS1", "Year 7"])]);
    ids.uche = await addStudent(school, "Uche Obi", "JSS1", "ADM/001");
    ids.ada = await addStudent(school, "Ada Eze", "JSS1", "ADM/002");
    ids.chidi = await addStudent(school, "Chidi Nwosu", "JSS1", "ADM/003");
    ids.kemi = await addStudent(school, "Kemi Ade", "JSS2", "ADM/004");
    ids.other = await addStudent(other, "Other School Pupil", "JSS1", "OTH/001");
    const settings = await school.api<{ data: SchoolSettings }>("GET", "/school-settings");
    ({ term, session } = settings.body.data.school_term!);
  });

  it("picks class, subject, term, session and result with a GET form, then shows the class's students A–Z", async () => {
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/results");
    expect(page.status).toBe(200);
    expect(page.heading()).toBe(M.entryTitle);
    expect(page.text()).toContain(M.chooseClassFirst);
    // Term and session start on the school's current ones; the terminal result by default.
    expect(page.field(M.termLabel).value).toBe(term);
    expect(page.field(M.sessionLabel).value).toBe(session);
    expect(page.field(M.resultLabel).value).toBe("terminal");

    // Choosing the class alone shows its first subject's sheet; the subjects are the class's.
    page = await page.form({ button: M.show }).select(M.classLabel, "JSS1").submit(M.show);
    expect(page.url.searchParams.get("class")).toBe("JSS1");
    expect(page.field(M.subjectLabel).options.map((o) => o.value)).toEqual(SUBJECTS);
    expect(page.field(M.subjectLabel).value).toBe("Mathematics");
    expect(page.tableRows()[0]).toEqual([
      M.student,
      "1st CA /20",
      "2nd CA /20",
      "Exam /60",
      "Total",
      "Grade",
      "Position",
    ]);
    expect(gridRows(page)).toEqual([
      ["Ada Eze ADM/002", "", "", "", "—", "—", "—"],
      ["Chidi Nwosu ADM/003", "", "", "", "—", "—", "—"],
      ["Uche Obi ADM/001", "", "", "", "—", "—", "—"],
    ]);
    const cell = page.control("1st CA, Ada Eze");
    // The server's markup keeps React's spelling, which a browser's parser folds to lower case.
    expect(cell.getAttribute("inputMode")).toBe("decimal");
    expect(page.text()).toContain(M.totalsAfterSave);

    // Another subject and the mid-term result: its own columns.
    page = await page
      .form({ button: M.show })
      .select(M.subjectLabel, "Basic Science")
      .select(M.resultLabel, "mid_term")
      .submit(M.show);
    expect(page.url.searchParams.get("subject")).toBe("Basic Science");
    expect(page.tableRows()[0]).toEqual([M.student, "1st CA /20", "2nd CA /20", "Total", "Grade", "Position"]);
    expect(page.text()).toContain("Basic Science · JSS1");
  });

  it("saves the grid in one post: the toast, then totals, grades and positions; a blank cell stays not taken", async () => {
    const browser = await signedIn(school);
    let page = await browser.goto(sheetPath("JSS1"));
    page = await page
      .form({ button: M.saveScores })
      .fill("1st CA, Ada Eze", "18")
      .fill("2nd CA, Ada Eze", "17.5")
      .fill("Exam, Ada Eze", "52")
      .fill("1st CA, Uche Obi", "10")
      .fill("Exam, Uche Obi", "30")
      .fill("1st CA, Chidi Nwosu", "20")
      .fill("2nd CA, Chidi Nwosu", "20")
      .fill("Exam, Chidi Nwosu", "47.5")
      .submit(M.saveScores);
    expect(page.status).toBe(200);
    expect(page.toast()).toBe(M.saved);
    expect(page.url.searchParams.get("class")).toBe("JSS1");
    expect(gridRows(page)).toEqual([
      ["Ada Eze ADM/002", "18", "17.5", "52", "87.5", "A1", "1st"],
      ["Chidi Nwosu ADM/003", "20", "20", "47.5", "87.5", "A1", "1st"],
      ["Uche Obi ADM/001", "10", "", "30", "40", "E8", "3rd"],
    ]);
    const stored = await sheetOf(school, "JSS1", "Mathematics");
    expect(stored.rows.find((r) => r.student_id === ids.uche)?.scores).toEqual({
      "1st CA": 10,
      "2nd CA": null,
      Exam: 30,
    });

    // The same form sent twice saves the same scores once.
    const form = (await browser.goto(sheetPath("JSS1"))).form({ button: M.saveScores }).fill("Exam, Uche Obi", "35");
    const [first, second] = await Promise.all([form.submit(M.saveScores), form.submit(M.saveScores)]);
    expect([first.toast(), second.toast()]).toEqual([M.saved, M.saved]);
    expect((await sheetOf(school, "JSS1", "Mathematics")).rows.map((r) => r.total)).toEqual([87.5, 87.5, 45]);
  });

  it("names a bad score beside its cell, keeps every other typed score and saves nothing", async () => {
    const browser = await signedIn(school);
    const before = await sheetOf(school, "JSS1", "English Language");
    let page = await browser.goto(sheetPath("JSS1", "English Language"));
    page = await page
      .form({ button: M.saveScores })
      .fill("1st CA, Ada Eze", "25")
      .fill("Exam, Uche Obi", "abc")
      .fill("2nd CA, Chidi Nwosu", "-1")
      .fill("Exam, Chidi Nwosu", "55")
      .fill("1st CA, Uche Obi", "12.345")
      .submit(M.saveScores);
    expect(page.status).toBe(422);
    expect(page.toast()).toBeNull();
    const ada = page.field("1st CA, Ada Eze");
    expect(ada.description).toBe(M.scoreAboveMax(20));
    expect(ada.invalid).toBe(true);
    expect(ada.value).toBe("25");
    expect(page.field("Exam, Uche Obi").description).toBe(M.scoreNotNumber);
    expect(page.field("2nd CA, Chidi Nwosu").description).toBe(M.scoreNegative);
    expect(page.field("1st CA, Uche Obi").description).toBe(M.scoreDecimals);
    const kept = page.field("Exam, Chidi Nwosu");
    expect(kept.value).toBe("55");
    expect(kept.invalid).toBe(false);
    expect(kept.description).toBe("");
    expect(await sheetOf(school, "JSS1", "English Language")).toEqual(before);

    // Mended, the same page saves.
    page = await page
      .form({ button: M.saveScores })
      .fill("1st CA, Ada Eze", "15")
      .fill("Exam, Uche Obi", "")
      .fill("2nd CA, Chidi Nwosu", "9")
      .fill("1st CA, Uche Obi", "12.5")
      .submit(M.saveScores);
    expect(page.toast()).toBe(M.saved);
    expect(gridRows(page).map((row) => row.slice(0, 5))).toEqual([
      ["Ada Eze ADM/002", "15", "", "", "15"],
      ["Chidi Nwosu ADM/003", "", "9", "55", "64"],
      ["Uche Obi ADM/001", "12.5", "", "", "12.5"],
    ]);
  });

  it("shows a published sheet read only with the lock's message; a form sent meanwhile is refused", async () => {
    const browser = await signedIn(school);
    const stale = await browser.goto(sheetPath("JSS2"));
    const published = await school.api("POST", "/results/publication", {
      class: "JSS2",
      term,
      session,
      result: "terminal",
      published: true,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const page = await browser.goto(sheetPath("JSS2"));
    expect(page.text()).toContain(M.locked("JSS2"));
    expect(page.controls("1st CA, Kemi Ade")).toHaveLength(0);
    expect(page.buttons(M.saveScores)).toHaveLength(0);
    expect(gridRows(page)).toEqual([["Kemi Ade ADM/004", "", "", "", "—", "—", "—"]]);

    const refused = await stale.form({ button: M.saveScores }).fill("Exam, Kemi Ade", "40").submit(M.saveScores);
    expect(refused.status).toBe(422);
    expect(refused.text()).toContain(M.locked("JSS2"));
    expect(refused.controls("Exam, Kemi Ade")).toHaveLength(0);
    expect((await sheetOf(school, "JSS2", "Mathematics")).rows[0].total).toBeNull();
  });

  it("reaches no other school's class or student", async () => {
    const browser = await signedIn(school);
    let page = await browser.goto(`/admin/results?class=${encodeURIComponent("Year 7")}`);
    expect(page.status).toBe(200);
    expect(page.field(M.classLabel).description).toBe(M.classUnknown);
    expect(page.document.querySelector('[data-testid="score-row"]')).toBeNull();

    // A cell naming the other school's student, or a student of another class, is no row of this sheet.
    page = await browser.goto(sheetPath("JSS1", "Basic Science"));
    const entries = page.form({ button: M.saveScores }).entries(M.saveScores) as [string, string][];
    const body = new URLSearchParams([
      ...entries,
      [`cell:${ids.other}:Exam`, "50"],
      [`cell:${ids.kemi}:Exam`, "50"],
      [`cell:${ids.ada}:Exam`, "44"],
    ]);
    page = await browser.request("POST", sheetPath("JSS1", "Basic Science"), body);
    expect(page.toast()).toBe(M.saved);
    const theirs = await sheetOf(other, "JSS1", "Basic Science");
    expect(theirs.rows.map((r) => r.total)).toEqual([null]);
    expect((await sheetOf(school, "JSS2", "Basic Science")).rows[0].total).toBeNull();
    expect((await sheetOf(school, "JSS1", "Basic Science")).rows.find((r) => r.student_id === ids.ada)?.total).toBe(44);
  });

  it("opens for a sub-admin holding the results key, who saves scores", async () => {
    const added = await school.api<{ data: { email: string; password: string } }>("POST", "/sub-admins", {
      name: "Bola Ade",
      email: `bola-${Date.now().toString(36)}@school.test`,
      features: ["results"],
    });
    expect(added.status).toBe(201);
    const browser = new Browser(baseUrl());
    const start = await (await browser.goto("/choose-account"))
      .form({ button: "Login" })
      .fill("Unique ID", school.account.uniqueId)
      .fill("Email (sub-admins and teachers)", added.body.data.email)
      .fill("Password", added.body.data.password)
      .submit("Login");
    expect(start.path).toBe("/admin/results");
    let page = await browser.goto(sheetPath("JSS1", "English Language"));
    expect(page.status).toBe(200);
    page = await page.form({ button: M.saveScores }).fill("Exam, Ada Eze", "50").submit(M.saveScores);
    expect(page.toast()).toBe(M.saved);
    expect(gridRows(page)[0].slice(0, 5)).toEqual(["Ada Eze ADM/002", "15", "", "50", "65"]);
  });
});
