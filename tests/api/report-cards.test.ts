import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractText, getDocumentProxy } from "unpdf";
import { REPORT_CARD_MESSAGES as RC, type ReportVerification } from "../../contract/report-cards";
import { RESULTS_MESSAGES as M } from "../../contract/results";
import type { SchoolSettings } from "../../contract/settings";
import { DATABASE, registerSchool, startApi, TEST_PUBLIC_URL, type RegisteredSchool, type TestApi } from "./harness";
import { schoolCalls } from "./school-calls";
import { picture } from "../support/images";

/**
 * Report cards: a student's and a class's PDF, read back as text, and the public page of a printed card's QR code.
 */
describe(`report cards API on ${DATABASE}`, { timeout: 120_000 }, () => {
  let api: TestApi;
  let school: RegisteredSchool;
  let other: RegisteredSchool;
  const { base, call, get } = schoolCalls(() => api);
  const SCHOOL_NAME = "Ọ̀ṣun Grammar School";
  const SESSION = "2025/2026";
  const TERM = "1st Term";
  const SECTION = "Junior Secondary";
  const SUBJECTS = ["Mathematics", "English Language", "Basic Science"];
  const ids: Record<string, number> = {};
  const inTerm = `term=${encodeURIComponent(TERM)}&year=${encodeURIComponent(SESSION)}`;

  async function addStudent(s: RegisteredSchool, name: string, className: string, admission: string) {
    const res = await call(s, "POST", "/students", {
      student_data: { name, selectedClass: className, gender: "Female", phone_number: "0803 123 4567", admission },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return Number(res.body.data.id);
  }
  async function save(subject: string, rows: [string, number | null, number | null, number | null][]) {
    const res = await call(
      school,
      "PUT",
      `/results/sheet?class=JSS1&subject=${encodeURIComponent(subject)}&${inTerm}`,
      {
        rows: rows.map(([name, ca1, ca2, exam]) => ({
          student_id: ids[name],
          scores: { "1st CA": ca1, "2nd CA": ca2, Exam: exam },
        })),
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const publish = async () => {
    const res = await call(school, "POST", "/results/publication", {
      class: "JSS1",
      term: TERM,
      session: SESSION,
      result: "terminal",
      published: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  async function pdf(s: RegisteredSchool, path: string) {
    const res = await api.fetch(`${base(s)}${path}`, { headers: s.auth });
    expect(res.status, res.status === 200 ? "" : await res.clone().text()).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await res.arrayBuffer());
    const doc = await getDocumentProxy(bytes.slice());
    const text = (await extractText(doc, { mergePages: true })).text.normalize("NFC").replace(/\s+/g, " ");
    return { text, pages: doc.numPages, raw: Buffer.from(bytes).toString("latin1"), res };
  }
  const card = (name: string, extra = "") => pdf(school, `/results/report-card/${ids[name]}?${inTerm}${extra}`);
  const verifyAddress = (text: string) => {
    const found = text.match(/https:\/\/school\.example\.ng\/verify\/report\/([A-Za-z0-9_-]{43})/);
    expect(found, text).not.toBeNull();
    return found![1];
  };
  const verify = (token: string) => api.fetch(`/api/public/report-cards/${token}`);

  beforeAll(async () => {
    api = await startApi();
    api.clock.now = new Date("2026-01-15T09:30:00Z");
    [school, other] = await Promise.all([registerSchool(api, { school_name: SCHOOL_NAME }), registerSchool(api)]);
    for (const s of [school, other]) {
      const res = await call(s, "POST", "/school-settings", {
        school_settings: {
          sections: [SECTION],
          classes: ["JSS1", "JSS2"].map((class_name) => ({ class_name, section: SECTION, subjects: SUBJECTS })),
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    let serial = 0;
    for (const name of ["Ọlá Adéyẹmí", "Ada Eze", "Chidi Nwosu", "Uche Obi"])
      ids[name] = await addStudent(school, name, "JSS1", `ADM/${++serial}`);
    ids["Kemi Ade"] = await addStudent(school, "Kemi Ade", "JSS2", "ADM/9");
    ids.other = await addStudent(other, "Other Pupil", "JSS1", "OTH/1");
    await save("Mathematics", [
      ["Ọlá Adéyẹmí", 18, 17, 55],
      ["Ada Eze", 15, 14, 42],
      ["Chidi Nwosu", 10, 9.5, 20],
      ["Uche Obi", 12, 11, 40],
    ]);
    await save("English Language", [
      ["Ọlá Adéyẹmí", 14, 13, 40],
      ["Ada Eze", 16, 18, 50],
      ["Chidi Nwosu", 8, null, 30],
    ]);
  });
  afterAll(() => api.close());

  it("prints a student's card with the scores, grades, subject positions, class figures and '2nd out of 4'", async () => {
    const { text, pages, raw } = await card("Ada Eze");
    expect(pages).toBe(1);
    expect(raw).toContain("DejaVuSans");
    for (const expected of [
      "Ada Eze",
      "JSS1",
      "ADM/2",
      TERM,
      SESSION,
      RC.cardTitle("terminal"),
      RC.draft,
      "1st CA (20)",
      "Exam (60)",
      M.classAverage,
      // Mathematics: 15 + 14 + 42 = 71, B2, 2nd of 4; class 90, 71, 39.5, 63: average 65.88, highest 90, lowest 39.5.
      "Mathematics 15 14 42 71 B2 2nd 65.88 90 39.5 Very Good",
      // English: 16 + 18 + 50 = 84, A1, 1st of 3 who took it.
      "English Language 16 18 50 84 A1 1st",
      "Excellent",
      // Basic Science not taken.
      "Basic Science — — — — — —",
      // Total 155, average 77.5; Ọlá: 90 + 67 = 157, 78.5: Ada is 2nd of the class of 4.
      "155",
      "77.5",
      M.positionOutOf("2nd", 4),
    ])
      expect(text, expected).toContain(expected.normalize("NFC"));
    expect(text).not.toContain(RC.reportId);
  });

  it("prints the sheet's other parts saved for the student: attendance, ratings and both remarks", async () => {
    const saved = await call(school, "PUT", `/results/extras?class=JSS1&${inTerm}`, {
      rows: [
        {
          student_id: ids["Uche Obi"],
          days_opened: 60,
          days_present: 57,
          days_absent: 3,
          ratings: { Punctuality: 4, Neatness: 5 },
          teacher_remark: "Works steadily in class",
          principal_remark: "Keep it up",
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { text } = await card("Uche Obi");
    for (const expected of [
      "Days school opened 60",
      "Days present 57",
      "Days absent 3",
      "Punctuality 4",
      "Neatness 5",
      "Works steadily in class",
      "Keep it up",
    ])
      expect(text, expected).toContain(expected);
    // Nothing was saved for Ada: her card has no attendance or remarks.
    expect((await card("Ada Eze")).text).not.toContain("Days school opened");
  });

  it("prints names in Yoruba letters as written, and the whole class one page each, each image embedded once", async () => {
    const whole = await pdf(school, `/results/report-cards?class=JSS1&${inTerm}`);
    expect(whole.pages).toBe(4);
    expect(whole.res.headers.get("content-disposition")).toBe(
      'attachment; filename="report-jss1-1st-term-2025-2026.pdf"',
    );
    for (const name of ["Ọlá Adéyẹmí", "Ada Eze", "Chidi Nwosu", "Uche Obi"])
      expect(whole.text).toContain(name.normalize("NFC"));
    expect(whole.text).toContain(M.positionOutOf("1st", 4));
    // The school's logo, drawn on every page, is one image object.
    expect(whole.raw.match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it("prints the school's address, the signature when the setting is on, and when the next term begins", async () => {
    const profile = new FormData();
    profile.set("school_address", "7 Ring Road, Osogbo, Osun State");
    profile.set("signature", new File([await picture(300, 80)], "signature.png", { type: "image/png" }));
    const updated = await api.fetch(`${base(school)}/update/adminData`, {
      method: "POST",
      body: profile,
      headers: school.auth,
    });
    expect(updated.status, await updated.clone().text()).toBe(200);
    const calendar = await call(school, "PUT", `/calendar?year=${encodeURIComponent(SESSION)}`, {
      terms: [{ term: TERM, starts_on: "2025-09-15", ends_on: "2025-12-12", next_term_starts_on: "2026-01-12" }],
    });
    expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
    const signature = async (on: boolean) => {
      const { report_sheet } = await get<SchoolSettings>(school, "/school-settings");
      const res = await call(school, "POST", "/school-settings", {
        school_settings: { report_sheet: { ...report_sheet, school_signature: on } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };

    await signature(true);
    const signed = await card("Uche Obi");
    expect(signed.text).toContain("7 Ring Road, Osogbo, Osun State");
    expect(signed.text).toContain("Next term begins 12 Jan 2026");
    // The logo and the signature.
    expect(signed.raw.match(/\/Subtype \/Image/g)).toHaveLength(2);

    await signature(false);
    expect((await card("Uche Obi")).raw.match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it("shows the number in class instead of a position when positions are off", async () => {
    const setPositions = async (add_position: boolean) => {
      const settings = await get<SchoolSettings>(school, "/school-settings");
      const res = await call(school, "POST", "/school-settings", {
        school_settings: { report_sheet: { ...settings.report_sheet, add_position } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    await setPositions(false);
    const { text } = await card("Ada Eze");
    expect(text).toContain(`${M.numberInClass} 4`);
    expect(text).not.toContain("out of");
    expect(text).toContain("Mathematics 15 14 42 71 B2 — 65.88 90 39.5");
    await setPositions(true);
  });

  it("answers 404 for another school's student and 422 for a student who was not in the class", async () => {
    const foreign = await api.fetch(`${base(school)}/results/report-card/${ids.other}?${inTerm}`, {
      headers: school.auth,
    });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { message: string }).message).toBe(M.studentNotFound);
    const notInClass = await call(school, "GET", `/results/report-card/${ids["Kemi Ade"]}?class=JSS1&${inTerm}`);
    expect(notInClass.status).toBe(422);
    expect(notInClass.body.errors.student_id).toEqual([M.studentNotInClass]);
    const badClass = await call(school, "GET", `/results/report-cards?class=SS9&${inTerm}`);
    expect(badClass.status).toBe(422);
    expect(badClass.body.errors.class).toEqual([M.classUnknown]);
  });

  it("issues published cards with a report ID and a link that verifies them, and tells a re-issued card", async () => {
    await publish();
    const { text } = await card("Ada Eze", "&class=JSS1");
    expect(text).not.toContain(RC.draft);
    expect(text).toMatch(/Report ID: RC-\d{7}/);
    expect(text).toContain(RC.version(1));
    const token = verifyAddress(text);
    expect(TEST_PUBLIC_URL).toBe("https://school.example.ng");

    const res = await verify(token);
    expect(res.status).toBe(200);
    const data = ((await res.json()) as { data: ReportVerification }).data;
    expect(data).toMatchObject({
      school_name: SCHOOL_NAME,
      student_name: "Ada Eze",
      class_name: "JSS1",
      term: TERM,
      session: SESSION,
      result: "terminal",
      average: 77.5,
      version: 1,
      newer_version: null,
    });
    expect(text).toContain(data.report_id);

    // A correction and a new publication: the old printout now says a newer version exists.
    const reopened = await call(school, "POST", "/results/corrections", {
      class: "JSS1",
      subject: "Mathematics",
      term: TERM,
      session: SESSION,
      result: "terminal",
      reason: "Exam scores swapped",
    });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(201);
    await save("Mathematics", [["Ada Eze", 15, 14, 50]]);
    await publish();
    const old = ((await (await verify(token)).json()) as { data: ReportVerification }).data;
    expect(old).toMatchObject({ version: 1, average: 77.5, newer_version: 2 });
    const reissued = await card("Ada Eze");
    expect(reissued.text).toContain(RC.version(2));
    const fresh = ((await (await verify(verifyAddress(reissued.text))).json()) as { data: ReportVerification }).data;
    expect(fresh).toMatchObject({ version: 2, average: 81.5, newer_version: null });
  });

  it("answers 404 for a token that opens no report card", async () => {
    for (const token of ["x".repeat(43), "short", "A".repeat(43)]) {
      const res = await verify(token);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe(RC.verifyNotFound);
    }
  });
});
