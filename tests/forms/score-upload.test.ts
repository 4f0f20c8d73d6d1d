import { beforeAll, describe, expect, it } from "vitest";
import { IMPORT_MESSAGES } from "../../contract/imports";
import { MESSAGES } from "../../contract/messages";
import { RESULTS_MESSAGES as M, type ScoreSheet } from "../../contract/results";
import { SCORE_UPLOAD_WORDS as W } from "../../contract/score-upload";
import type { SchoolSettings } from "../../contract/settings";
import { sheetRows } from "../api/spreadsheets";
import { xlsx } from "../e2e/support/imports";
import type { Page, UploadFile } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";

/**
 * Scores from a spreadsheet on the score entry screen with JavaScript off: the template is a plain download link
 * of the sheet picked, and the filled-in file a plain multipart form posted to the screen's own address, which
 * comes back to the grid with the saved scores, or lists every problem by row and column with nothing saved.
 */

const SECTION = "Junior Secondary";
const HEADERS = ["Admission No.", "Name", "1st CA (20)", "2nd CA (20)", "Exam (60)"];

describe("scores from a spreadsheet without JavaScript", () => {
  let school: Admin;
  let path: string;
  let apiQuery: string;

  const upload = (page: Page, file?: UploadFile) => {
    const form = page.form({ button: W.upload });
    if (file) form.attach(W.file, file);
    return form.submit(W.upload);
  };
  const scores = async () => {
    const res = await school.api<{ data: ScoreSheet }>("GET", `/results/sheet?${apiQuery}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.rows.map((r) => [r.name, r.total]);
  };

  beforeAll(async () => {
    school = await registerSchool("ScoreUpload");
    const res = await school.api("POST", "/school-settings", {
      school_settings: {
        sections: [SECTION],
        classes: ["JSS1", "JSS2"].map((class_name) => ({ class_name, section: SECTION, subjects: ["Mathematics"] })),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const [name, className, admission] of [
      ["Ada Eze", "JSS1", "ADM/1"],
      ["Uche Obi", "JSS1", "ADM/2"],
      ["Kemi Ade", "JSS2", "ADM/3"],
    ]) {
      const added = await school.api("POST", "/students", {
        student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567", admission },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    const settings = await school.api<{ data: SchoolSettings }>("GET", "/school-settings");
    const { term, session } = settings.body.data.school_term!;
    const params = { class: "JSS1", subject: "Mathematics", term, year: session, result: "terminal" };
    path = `/admin/results?${new URLSearchParams(params)}`;
    apiQuery = new URLSearchParams(params).toString();
  });

  it("downloads the picked sheet's template and saves a filled-in one, back on the grid with the toast", async () => {
    const browser = await signedIn(school);
    const page = await browser.goto(path);
    expect(page.text()).toContain(W.title);
    const template = await page.follow(W.template);
    expect(template.status).toBe(200);
    expect(template.filename).toMatch(/^scores-Mathematics-JSS1-.*\.xlsx$/);
    const bytes = template.bytes!;
    const rows = sheetRows(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
    expect(rows).toEqual([HEADERS, ["ADM/1", "Ada Eze", "", "", ""], ["ADM/2", "Uche Obi", "", "", ""]]);

    const saved = await upload(
      page,
      xlsx("maths.xlsx", [HEADERS, ["ADM/1", "Ada Eze", "18", "17", "50"], ["ADM/2", "Uche Obi", "10", "", "30"]]),
    );
    expect(saved.status).toBe(200);
    expect(saved.toast()).toBe(W.uploaded(2));
    expect(saved.url.pathname + saved.url.search).toBe(path);
    expect(saved.control("Exam, Ada Eze").getAttribute("value")).toBe("50");
    expect(await scores()).toEqual([
      ["Ada Eze", 85],
      ["Uche Obi", 40],
    ]);
  });

  it("lists every problem by row and column and saves nothing; a refused file is named beside its field", async () => {
    const browser = await signedIn(school);
    const before = await scores();
    let page = await upload(
      await browser.goto(path),
      xlsx("maths.xlsx", [
        HEADERS,
        ["ADM/1", "Ada Eze", "25", "17", "50"],
        ["ADM/3", "Kemi Ade", "10", "10", "10"],
        ["ADM/9", "Nobody", "1", "1", "1"],
      ]),
    );
    expect(page.status).toBe(422);
    expect(page.text()).toContain(W.hasProblems);
    expect(page.text()).toContain(W.problems(3));
    for (const problem of [
      "Row 2, 1st CA (20): A score cannot be above 20",
      `Row 3, Admission No.: ${M.studentNotInClass}`,
      "Row 4, Admission No.: No student of this school has admission number ADM/9",
    ])
      expect(page.text()).toContain(problem);
    expect(await scores()).toEqual(before);

    page = await upload(
      page,
      xlsx("maths.xlsx", [
        ["Name", "Exam (60)"],
        ["Ada Eze", "50"],
      ]),
    );
    expect(page.status).toBe(422);
    expect(page.field(W.file).invalid).toBe(true);
    expect(page.field(W.file).description).toContain(IMPORT_MESSAGES.missingColumn("Admission No."));
    page = await upload(page);
    expect(page.field(W.file).description).toContain(MESSAGES.noFileSelected);
    expect(await scores()).toEqual(before);
  });

  it("offers no upload on a published sheet", async () => {
    const browser = await signedIn(school);
    const { term, year } = Object.fromEntries(new URLSearchParams(apiQuery));
    const published = await school.api("POST", "/results/publication", {
      class: "JSS2",
      term,
      session: year,
      result: "terminal",
      published: true,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const page = await browser.goto(path.replace("JSS1", "JSS2"));
    expect(page.text()).toContain(M.locked("JSS2"));
    expect(page.text()).not.toContain(W.title);
  });
});
