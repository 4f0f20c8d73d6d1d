import { beforeAll, describe, expect, it } from "vitest";
import { currentSession, currentTerm, schoolDays } from "../../contract/calendar";
import { EXTRAS_MESSAGES as M, type ExtrasSheet } from "../../contract/report-extras";
import { RESULTS_MESSAGES } from "../../contract/results";
import type { Page } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";

/**
 * The report sheet's other parts with JavaScript off: the GET picker, one form with a block per student
 * (attendance, ratings, remarks), a bad value named beside its field with every other input kept and nothing
 * written, the save and its toast, the comment bank, and a published class's refusal.
 */

const SESSION = currentSession(new Date());
const TERM = currentTerm(new Date());
const [FIRST, SECOND] = SESSION.split("/");
const EXTRAS = `/admin/results/extras?${new URLSearchParams({ class: "JSS1", term: TERM, year: SESSION })}`;

let school: Admin;
const ids: Record<string, number> = {};

const extrasOf = async (owner: Admin = school) =>
  (
    await owner.api<{ data: ExtrasSheet }>(
      "GET",
      `/results/extras?${new URLSearchParams({ class: "JSS1", term: TERM, year: SESSION })}`,
    )
  ).body.data;
const rowOf = (sheet: ExtrasSheet, id: number) => sheet.rows.find((r) => r.student_id === id)!;
const field = (page: Page, name: string, label: string) => page.field(label, page.group(name));

beforeAll(async () => {
  school = await registerSchool("ExtrasForms");
  const settings = await school.api("POST", "/school-settings", {
    school_settings: {
      sections: ["Junior"],
      classes: [{ class_name: "JSS1", section: "Junior", subjects: ["Mathematics"] }],
    },
  });
  expect(settings.status).toBe(200);
  for (const name of ["Ada Eze", "Uche Obi"]) {
    const res = await school.api<{ data: { id: number } }>("POST", "/students", {
      student_data: { name, selectedClass: "JSS1", gender: "Female", phone_number: "0803 123 4567" },
    });
    expect(res.status).toBe(201);
    ids[name] = Number(res.body.data.id);
  }
  const term = TERM === "1st Term" ? { starts_on: `${FIRST}-09-14`, ends_on: `${FIRST}-12-18` } : null;
  if (term)
    expect(
      (
        await school.api("PUT", `/calendar?year=${encodeURIComponent(SESSION)}`, {
          terms: [{ term: TERM, ...term, next_term_starts_on: `${SECOND}-01-11` }],
        })
      ).status,
    ).toBe(200);
  const scores = await school.api(
    "PUT",
    `/results/sheet?${new URLSearchParams({ class: "JSS1", subject: "Mathematics", term: TERM, year: SESSION })}`,
    { rows: [{ student_id: ids["Ada Eze"], scores: { "1st CA": 15, "2nd CA": 15, Exam: 50 } }] },
  );
  expect(scores.status).toBe(200);
});

describe("report extras without JavaScript", () => {
  it("the picker is a GET form; the sheet shows a block per student with the suggested remark to edit", async () => {
    const browser = await signedIn(school);
    let page = await browser.goto("/admin/results/extras");
    expect(page.heading()).toBe(M.title);
    expect(page.document.querySelector("fieldset")).toBeNull();
    page = await page.form({ button: "Show" }).select("Class", "JSS1").submit("Show");
    expect(page.url.searchParams.get("class")).toBe("JSS1");
    expect(page.url.searchParams.get("term")).toBe(TERM);
    expect(page.url.searchParams.get("year")).toBe(SESSION);
    expect(page.document.querySelectorAll("details fieldset")).toHaveLength(2);
    expect(field(page, "Ada Eze", M.teacherRemark).value).toBe("Excellent");
    expect(field(page, "Ada Eze", M.teacherRemark).description).toContain(M.suggested("Excellent"));
    expect(field(page, "Uche Obi", M.teacherRemark).value).toBe("");
    if (TERM === "1st Term") {
      const days = schoolDays(`${FIRST}-09-14`, `${FIRST}-12-18`);
      expect(field(page, "Ada Eze", M.daysOpened).description).toContain(`Blank: ${days}`);
      expect(page.text()).toContain(`${M.nextTermBegins}: 11 Jan ${SECOND}`);
    }
  });

  it("a bad rating is named beside its field, every other input kept, nothing written; then the save", async () => {
    const browser = await signedIn(school);
    let page = await browser.goto(EXTRAS);
    const fill = (rating: string) =>
      page
        .form({ button: "Save" })
        .fill("Neatness (1–5)", rating, { within: "Ada Eze" })
        .fill("Punctuality (1–5)", "5", { within: "Ada Eze" })
        .fill(M.daysOpened, "60", { within: "Uche Obi" })
        .fill(M.daysPresent, "55", { within: "Uche Obi" })
        .fill(M.principalRemark, "Can do better", { within: "Uche Obi" });
    page = await fill("7").submit("Save");
    expect(page.status).toBe(422);
    expect(field(page, "Ada Eze", "Neatness (1–5)").description).toContain(M.ratingInvalid);
    expect(field(page, "Ada Eze", "Neatness (1–5)").invalid).toBe(true);
    expect(field(page, "Ada Eze", "Neatness (1–5)").value).toBe("7");
    expect(field(page, "Ada Eze", "Punctuality (1–5)").value).toBe("5");
    expect(field(page, "Uche Obi", M.daysPresent).value).toBe("55");
    expect(field(page, "Uche Obi", M.principalRemark).value).toBe("Can do better");
    // The block holding the problem is open; the others stay closed.
    expect(page.group("Ada Eze").closest("details")?.hasAttribute("open")).toBe(true);
    expect(page.group("Uche Obi").closest("details")?.hasAttribute("open")).toBe(false);
    expect(rowOf(await extrasOf(), ids["Uche Obi"]).days_present).toBeNull();

    // Present and absent above the days opened: named beside days present.
    page = await fill("4").fill(M.daysAbsent, "6", { within: "Uche Obi" }).submit("Save");
    expect(page.status).toBe(422);
    expect(field(page, "Uche Obi", M.daysPresent).description).toContain(M.daysTooMany);

    page = await fill("4").fill(M.daysAbsent, "5", { within: "Uche Obi" }).submit("Save");
    expect(page.toast()).toBe(M.saved);
    expect(page.path + page.url.search).toBe(`${EXTRAS}&result=terminal`);
    expect(field(page, "Ada Eze", "Neatness (1–5)").value).toBe("4");
    expect(field(page, "Uche Obi", M.daysAbsent).value).toBe("5");
    const saved = await extrasOf();
    expect(rowOf(saved, ids["Ada Eze"])).toMatchObject({
      ratings: { Neatness: 4, Punctuality: 5 },
      teacher_remark: "Excellent",
    });
    expect(rowOf(saved, ids["Uche Obi"])).toMatchObject({
      days_opened: 60,
      days_present: 55,
      days_absent: 5,
      principal_remark: "Can do better",
    });

    // The same form sent twice saves the same rows.
    const form = page.form({ button: "Save" });
    const [first, second] = await Promise.all([form.submit("Save"), form.submit("Save")]);
    expect([first.toast(), second.toast()]).toEqual([M.saved, M.saved]);
    expect(await extrasOf()).toEqual(saved);
  });

  it("the comment bank: a remark added with its grade is offered beside every remark, and removed", async () => {
    const browser = await signedIn(school);
    let page = await browser.goto(EXTRAS);
    page = await page.form({ button: "Add remark" }).submit("Add remark");
    expect(page.status).toBe(400);
    expect(page.field("Remark").description).toContain(M.commentRequired);

    page = await page
      .form({ button: "Add remark" })
      .fill("Remark", "A brilliant term")
      .select("Suits grade", "A1")
      .submit("Add remark");
    expect(page.toast()).toBe(M.commentAdded);
    expect(page.listItems(M.commentBank)).toEqual([expect.stringMatching(/^A brilliant term\s*A1/)]);
    expect([...page.document.querySelectorAll("#comment-bank option")].map((o) => o.getAttribute("value"))).toEqual([
      "A brilliant term",
    ]);
    expect(page.control(M.teacherRemark, page.group("Uche Obi")).getAttribute("list")).toBe("comment-bank");
    expect(field(page, "Ada Eze", M.principalRemark).description).toContain(M.suggested("A brilliant term"));

    page = await page.press("Remove A brilliant term");
    expect(page.toast()).toBe(M.commentRemoved);
    expect(page.text()).toContain("No remarks yet.");
  });

  it("a published class's sheet says so and its save is refused above the form", async () => {
    const publish = (published: boolean) =>
      school.api("POST", "/results/publication", { class: "JSS1", term: TERM, session: SESSION, published });
    expect((await publish(true)).status).toBe(200);
    const browser = await signedIn(school);
    let page = await browser.goto(EXTRAS);
    expect(page.text()).toContain(RESULTS_MESSAGES.locked("JSS1"));
    const before = await extrasOf();
    page = await page.form({ button: "Save" }).fill(M.teacherRemark, "Changed", { within: "Uche Obi" }).submit("Save");
    expect(page.status).toBe(422);
    expect(page.text("#extras")).toContain(RESULTS_MESSAGES.locked("JSS1"));
    expect(field(page, "Uche Obi", M.teacherRemark).value).toBe("Changed");
    expect(await extrasOf()).toEqual(before);
    expect((await publish(false)).status).toBe(200);
  });

  it("another school's class is not its sheet: its own students only", async () => {
    const other = await registerSchool("ExtrasOther");
    const browser = await signedIn(other);
    const page = await browser.goto(EXTRAS);
    expect(page.text()).not.toContain("Ada Eze");
  });
});
