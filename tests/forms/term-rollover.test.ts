import { beforeAll, describe, expect, it } from "vitest";
import { PROMOTION_MESSAGES as M } from "../../contract/promotion";
import { signedIn, registerSchool, type Admin } from "./support/school";

/**
 * The end of a term with JavaScript off: the promotion page's "End of …" panel, the confirm page, a double submit
 * ending the term once, the arrears of the ended term on the student's fee page and in the overview, and the 3rd
 * Term pointing to the promotion. The school's term is set in its settings, so the month does not matter.
 */

let school: Admin;
let ada: string;
const SESSION = "2025/2026";

async function fee(term: string, amount: number) {
  const res = await school.api(
    "POST",
    "/fees/fee-settings",
    { name: "Tuition", amount, applies_to: "all", term, session: SESSION, compulsory: true },
    { "Idempotency-Key": `rollover-fee-${term.replace(/\W/g, "")}-abcdefghijkl` },
  );
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  school = await registerSchool("Rollover");
  const { report_sheet, other_settings } = (
    await school.api<{ data: { report_sheet: object; other_settings: object } }>("GET", "/school-settings")
  ).body.data;
  const set = await school.api("POST", "/school-settings", {
    school_settings: {
      report_sheet: { ...report_sheet, current_term: "1st Term" },
      other_settings: { ...other_settings, current_session: SESSION },
    },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  await fee("1st Term", 10000);
  await fee("2nd Term", 5000);
  const added = await school.api<{ data: { unique_id: string } }>("POST", "/students", {
    student_data: { name: "Ada Arrears", selectedClass: "JSS1", gender: "Female", phone_number: "0803 444 1000" },
  });
  expect(added.status).toBe(201);
  ada = added.body.data.unique_id;
});

describe("term rollover without JavaScript", () => {
  it("ends the 1st Term after its confirm page, once for a double submit", async () => {
    const browser = await signedIn(school);
    const page = await browser.goto("/admin/students/promotion");
    expect(page.text()).toContain(`The school is in 1st Term of ${SESSION}.`);
    const confirm = await page.follow("End 1st Term");
    expect(confirm.path).toBe("/admin/students/promotion/term");
    expect(confirm.heading()).toBe(`End 1st Term of ${SESSION}?`);
    expect(confirm.text()).toContain("shows on their 2nd Term bill as arrears");

    const twice = await Promise.all([confirm.press("End 1st Term"), confirm.press("End 1st Term")]);
    expect(twice.map((done) => done.toast()).sort()).toEqual(
      [
        M.termRolled({ ending_term: "1st Term", ending_session: SESSION, new_term: "2nd Term" }),
        M.termNotCurrent("1st Term", SESSION),
      ].sort(),
    );
    for (const done of twice) expect(done.path).toBe("/admin/students/promotion");
    const after = await browser.goto("/admin/students/promotion");
    expect(after.text()).toContain(`The school is in 2nd Term of ${SESSION}.`);
    expect(after.href("End 2nd Term")).toBe("/admin/students/promotion/term");
  });

  it("shows the 1st Term's unpaid balance as arrears on the 2nd Term's bill and in the overview", async () => {
    const browser = await signedIn(school);
    const bill = await browser.goto(`/admin/school-fees/students/${ada}`);
    expect(bill.status).toBe(200);
    const text = bill.text();
    expect(text).toContain("2nd Term");
    expect(text).toContain("Arrears of earlier terms");
    expect(text).toMatch(/Arrears of earlier terms\s*₦10,000/);
    expect(text).toMatch(/Balance\s*₦15,000/);
    const overview = await browser.goto("/admin/school-fees");
    expect(overview.text()).toMatch(/Arrears of earlier terms\s*₦10,000/);
    expect(overview.text()).toMatch(/Outstanding\s*₦15,000/);
  });

  it("from the 3rd Term points to the promotion instead", async () => {
    const ended = await school.api("POST", "/term-rollover", { ending_term: "2nd Term", ending_session: SESSION });
    expect(ended.status).toBe(200);
    const browser = await signedIn(school);
    const page = await browser.goto("/admin/students/promotion");
    expect(page.text()).toContain(`The school is in 3rd Term of ${SESSION}.`);
    expect(page.text()).toContain(M.lastTerm);
    expect(page.buttons(/^End /)).toHaveLength(0);
    const confirm = await browser.goto("/admin/students/promotion/term");
    expect(confirm.text()).toContain(M.lastTerm);
    expect(confirm.buttons(/^End /)).toHaveLength(0);
  });
});
