import { beforeAll, describe, expect, it } from "vitest";
import { currentSession, currentTerm } from "../../contract/calendar";
import { RESULTS_MESSAGES as M, type ScoreSheet } from "../../contract/results";
import { STAFF_RESULTS_MESSAGES as S } from "../../contract/staff-area";
import { cellName } from "../../app/lib/score-cells";
import { termAroundToday } from "../e2e/support/calendar";
import type { Browser } from "./support/browser";
import { registerSchool, signedInTeacher, type Admin } from "./support/school";

/**
 * A teacher's results with JavaScript off: a link per class and subject their staff record lists, the score
 * grid of the first, a save and its toast, a bad score refused beside its cell with the input kept; another
 * class or subject answers the API's reason on the page; published results are shown read-only.
 */

const now = new Date();
const TERM = currentTerm(now);
const SESSION = currentSession(now);
let school: Admin;
let teacher: Browser;
let ada: number;

const sheetOf = async (className: string, subject: string) =>
  (
    await school.api<{ data: ScoreSheet }>(
      "GET",
      `/results/sheet?${new URLSearchParams({ class: className, subject, term: TERM, year: SESSION })}`,
    )
  ).body.data;

beforeAll(async () => {
  school = await registerSchool("StaffResults");
  const settings = await school.api("POST", "/school-settings", {
    school_settings: {
      sections: ["Junior"],
      classes: [
        { class_name: "JSS1", section: "Junior", subjects: ["Mathematics", "English"] },
        { class_name: "JSS2", section: "Junior", subjects: ["Mathematics"] },
      ],
    },
  });
  expect(settings.status).toBe(200);
  const term = termAroundToday();
  expect((await school.api("PUT", term.path, term.body)).status).toBe(200);
  for (const [name, className] of [
    ["Ada Obi", "JSS1"],
    ["Dayo Sule", "JSS2"],
  ]) {
    const res = await school.api<{ data: { id: number } }>("POST", "/students", {
      student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567" },
    });
    expect(res.status).toBe(201);
    if (name === "Ada Obi") ada = Number(res.body.data.id);
  }
  teacher = (
    await signedInTeacher(school, {
      name: "Mr. Sola Ojo",
      email: "sola@results.ng",
      teaching: [
        { class: "JSS2", subject: "Mathematics" },
        { class: "JSS1", subject: "Mathematics" },
      ],
    })
  ).browser;
});

describe("a teacher's results without JavaScript", () => {
  it("links their classes and subjects, opens the first and saves its grid; a bad score is refused beside it", async () => {
    let page = await teacher.goto("/staff/results");
    expect(page.status).toBe(200);
    expect(page.heading()).toBe(S.title);
    expect(page.linkNames(`nav[aria-label="${S.pairsLabel}"]`)).toEqual(["Mathematics · JSS1", "Mathematics · JSS2"]);
    expect(page.headings(2)[0]).toContain("Mathematics · JSS1");
    const cell = (column: string) => `[name="${cellName(ada, column)}"]`;
    expect(page.document.querySelector(cell("Exam"))).not.toBeNull();

    const refused = await teacher.request(
      "POST",
      "/staff/results",
      new URLSearchParams({ intent: "save", [cellName(ada, "1st CA")]: "99", [cellName(ada, "Exam")]: "40" }),
    );
    expect(refused.status).toBe(422);
    expect(refused.document.querySelector(cell("1st CA"))?.getAttribute("aria-invalid")).toBe("true");
    expect(refused.document.querySelector(cell("Exam"))?.getAttribute("value")).toBe("40");
    expect((await sheetOf("JSS1", "Mathematics")).rows[0].total).toBeNull();

    page = await teacher.request(
      "POST",
      "/staff/results",
      new URLSearchParams({ intent: "save", [cellName(ada, "1st CA")]: "15", [cellName(ada, "Exam")]: "40" }),
    );
    expect(page.path + page.url.search).toBe("/staff/results?class=JSS1&subject=Mathematics&result=terminal");
    expect(page.toast()).toBe(M.saved);
    expect((await sheetOf("JSS1", "Mathematics")).rows[0].total).toBe(55);
  });

  it("another class or subject shows the API's reason on the page, their links kept", async () => {
    const page = await teacher.goto("/staff/results?class=JSS1&subject=English");
    expect(page.status).toBe(403);
    expect(page.text('[role="alert"]')).toBe(S.notTaught("English", "JSS1"));
    expect(page.linkNames(`nav[aria-label="${S.pairsLabel}"]`)).toHaveLength(2);
    const posted = await teacher.request(
      "POST",
      "/staff/results?class=JSS1&subject=English",
      new URLSearchParams({ intent: "save", [cellName(ada, "Exam")]: "50" }),
    );
    expect(posted.status).toBe(422);
    expect((await sheetOf("JSS1", "English")).rows[0].total).toBeNull();
  });

  it("shows published results read-only", async () => {
    const english = await school.api(
      "PUT",
      `/results/sheet?${new URLSearchParams({ class: "JSS1", subject: "English", term: TERM, year: SESSION })}`,
      { rows: [{ student_id: ada, scores: { "1st CA": 10, "2nd CA": 10, Exam: 40 } }] },
    );
    expect(english.status).toBe(200);
    const published = await school.api("POST", "/results/publication", {
      class: "JSS1",
      term: TERM,
      session: SESSION,
      result: "terminal",
      published: true,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const page = await teacher.goto("/staff/results?class=JSS1&subject=Mathematics");
    expect(page.status).toBe(200);
    expect(page.text('[role="status"]')).toContain(S.publishedForTeachers("JSS1"));
    expect(page.buttons(/^Save/)).toHaveLength(0);
  });
});
