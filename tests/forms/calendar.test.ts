import { beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_MESSAGES as M, currentSession, schoolDays, type TermCalendar } from "../../contract/calendar";
import type { Page } from "./support/browser";
import { registerSchool, signedIn, type Admin } from "./support/school";

/**
 * The term calendar with JavaScript off: the session chooser (links), the three terms' dates saved in one
 * form with every refusal beside its field and the input kept, and each term's closures added and removed.
 * Tests that save register a school of their own; the session is the one around today, as the screen
 * opens on it.
 */

const SESSION = currentSession(new Date());
const [FIRST, SECOND] = SESSION.split("/");
const TERMS = [
  { term: "1st Term", starts_on: `${FIRST}-09-14`, ends_on: `${FIRST}-12-18`, next_term_starts_on: `${SECOND}-01-11` },
  {
    term: "2nd Term",
    starts_on: `${SECOND}-01-11`,
    ends_on: `${SECOND}-04-09`,
    next_term_starts_on: `${SECOND}-04-26`,
  },
  { term: "3rd Term", starts_on: `${SECOND}-04-26`, ends_on: `${SECOND}-07-16`, next_term_starts_on: null },
];
const CALENDAR = `/admin/settings/calendar?year=${encodeURIComponent(SESSION)}`;

const calendarOf = async (owner: Admin, session = SESSION) =>
  (await owner.api<{ data: TermCalendar }>("GET", `/calendar?year=${encodeURIComponent(session)}`)).body.data;

/** The three terms' dates form, filled with `terms` (a term's missing dates left empty). */
function fillDates(page: Page, terms: Array<Partial<(typeof TERMS)[number]>>) {
  const form = page.form({ button: "Save dates" });
  terms.forEach((t, i) => {
    const legend = ["1st Term", "2nd Term", "3rd Term"][i];
    form.fill("Starts on", t.starts_on ?? "", { within: legend });
    form.fill("Ends on", t.ends_on ?? "", { within: legend });
    form.fill("Next term begins", t.next_term_starts_on ?? "", { within: legend });
  });
  return form;
}

const dateField = (page: Page, term: string, label: string) => page.field(label, page.group(term));
const closureForm = (page: Page, index: number) => page.document.querySelector(`#closure-${index}`)!;

let school: Admin;
beforeAll(async () => {
  school = await registerSchool("CalendarForms");
});

describe("term calendar without JavaScript", () => {
  it("opens from Settings on the current session; saves the three terms and counts their school days", async () => {
    const own = await registerSchool("CalendarSave");
    const browser = await signedIn(own);
    let page = await (await browser.goto("/admin/settings")).follow("Term calendar");
    expect(page.heading()).toBe("Term calendar");
    expect(page.href("‹ Back")).toBe("/admin/settings");
    expect(page.links(SESSION)[0].getAttribute("aria-current")).toBe("page");
    expect(dateField(page, "1st Term", "Starts on").value).toBe("");
    expect(page.text()).toContain("Not set yet");

    page = await fillDates(page, TERMS).submit("Save dates");
    expect(page.path + page.url.search).toBe(`/admin/settings/calendar?year=${encodeURIComponent(SESSION)}`);
    expect(page.toast()).toBe(M.saved);
    expect(dateField(page, "1st Term", "Starts on").value).toBe(TERMS[0].starts_on);
    expect(dateField(page, "3rd Term", "Next term begins").value).toBe("");
    expect(page.text("fieldset")).toContain(`${schoolDays(TERMS[0].starts_on, TERMS[0].ends_on)} school days`);
    const saved = await calendarOf(own);
    expect(saved.terms.map((t) => [t.starts_on, t.ends_on, t.next_term_starts_on])).toEqual(
      TERMS.map((t) => [t.starts_on, t.ends_on, t.next_term_starts_on]),
    );

    // The same form sent twice saves the same calendar.
    const form = fillDates(page, TERMS);
    const [first, second] = await Promise.all([form.submit("Save dates"), form.submit("Save dates")]);
    expect([first.toast(), second.toast()]).toEqual([M.saved, M.saved]);
    expect(await calendarOf(own)).toEqual(saved);
  });

  it("refuses bad dates beside their fields, keeps every input and writes nothing", async () => {
    const browser = await signedIn(school);
    let page = await browser.goto(CALENDAR);
    page = await fillDates(page, [
      { ...TERMS[0], ends_on: `${FIRST}-09-01` },
      { ...TERMS[1], starts_on: `${FIRST}-12-14`, next_term_starts_on: `${SECOND}-01-11` },
      { starts_on: TERMS[2].starts_on },
    ]).submit("Save dates");
    expect(page.status).toBe(422);
    expect(dateField(page, "1st Term", "Ends on").description).toContain(M.endBeforeStart);
    expect(dateField(page, "2nd Term", "Next term begins").description).toContain(M.nextBeforeEnd);
    expect(dateField(page, "3rd Term", "Ends on").description).toContain(M.endRequired);
    expect(dateField(page, "1st Term", "Ends on").invalid).toBe(true);
    expect(dateField(page, "2nd Term", "Starts on").value).toBe(`${FIRST}-12-14`);
    expect(dateField(page, "3rd Term", "Starts on").value).toBe(TERMS[2].starts_on);
    expect((await calendarOf(school)).terms.every((t) => t.starts_on === null)).toBe(true);

    // Overlapping terms: the later one is told where the earlier ends.
    page = await fillDates(page, [TERMS[0], { ...TERMS[1], starts_on: `${FIRST}-12-14` }]).submit("Save dates");
    expect(page.status).toBe(422);
    expect(dateField(page, "2nd Term", "Starts on").description).toContain(
      M.startsBefore("1st Term", TERMS[0].ends_on),
    );

    // A value that is not a date (no date picker sends one) is the app's own refusal.
    page = await fillDates(page, [{ ...TERMS[0], starts_on: `${FIRST}-02-30` }]).submit("Save dates");
    expect(page.status).toBe(400);
    expect(dateField(page, "1st Term", "Starts on").description).toContain(M.dateInvalid);
    expect(dateField(page, "1st Term", "Ends on").value).toBe(TERMS[0].ends_on);
    expect((await calendarOf(school)).terms.every((t) => t.starts_on === null)).toBe(true);
  });

  it("adds closures to a term, refuses one outside it or without a date, and removes one", async () => {
    const own = await registerSchool("CalendarClosures");
    expect((await own.api("PUT", `/calendar?year=${encodeURIComponent(SESSION)}`, { terms: [TERMS[0]] })).status).toBe(
      200,
    );
    const browser = await signedIn(own);
    let page = await browser.goto(CALENDAR);
    // A term without dates takes no closures yet.
    expect(page.document.querySelector("#closure-1")).toBeNull();
    expect(page.text()).toContain("Set the term's dates to add closures.");

    page = await page.form({ selector: "#closure-0" }).submit("Add closure");
    expect(page.status).toBe(400);
    expect(page.field("Date closed", closureForm(page, 0)).description).toContain(M.closureDateRequired);

    page = await page
      .form({ selector: "#closure-0" })
      .fill("Date closed", `${FIRST}-12-21`)
      .fill("Name (optional)", "Christmas")
      .submit("Add closure");
    expect(page.status).toBe(422);
    expect(page.field("Date closed", closureForm(page, 0)).description).toContain(
      M.closureOutside("1st Term", TERMS[0].starts_on, TERMS[0].ends_on),
    );
    expect(page.field("Name (optional)", closureForm(page, 0)).value).toBe("Christmas");
    expect((await calendarOf(own)).terms[0].closures).toEqual([]);

    // Independence Day, 1 October, sent twice at once: one closure.
    const form = page
      .form({ selector: "#closure-0" })
      .fill("Date closed", `${FIRST}-10-01`)
      .fill("Name (optional)", "Independence Day");
    const [first, second] = await Promise.all([form.submit("Add closure"), form.submit("Add closure")]);
    expect([first.toast(), second.toast()]).toEqual([M.closureAdded, M.closureAdded]);
    page = await browser.goto(CALENDAR);
    const day = new Intl.DateTimeFormat("en-NG", {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${FIRST}-10-01T00:00:00Z`));
    const items = page.listItems("1st Term closures");
    expect(items).toHaveLength(1);
    expect(items[0]).toContain(day);
    expect(items[0]).toContain("Independence Day");
    const { terms } = await calendarOf(own);
    expect(terms[0].closures).toEqual([{ date: `${FIRST}-10-01`, name: "Independence Day" }]);
    expect(terms[0].school_days).toBe(schoolDays(TERMS[0].starts_on, TERMS[0].ends_on, [`${FIRST}-10-01`]));

    page = await page.press(`Remove ${day}`);
    expect(page.toast()).toBe(M.closureRemoved);
    expect(page.text()).toContain("No closures.");
    expect((await calendarOf(own)).terms[0].closures).toEqual([]);
  });

  it("another session has its own calendar, chosen by a link", async () => {
    const own = await registerSchool("CalendarSessions");
    const browser = await signedIn(own);
    let page = await browser.goto(CALENDAR);
    const next = `${SECOND}/${Number(SECOND) + 1}`;
    page = await page.follow(next);
    expect(page.url.searchParams.get("year")).toBe(next);
    expect(page.links(next)[0].getAttribute("aria-current")).toBe("page");
    page = await fillDates(page, [
      { starts_on: `${SECOND}-09-13`, ends_on: `${SECOND}-12-17`, next_term_starts_on: "" },
    ]).submit("Save dates");
    expect(page.toast()).toBe(M.saved);
    expect(page.url.searchParams.get("year")).toBe(next);
    expect((await calendarOf(own, next)).terms[0].starts_on).toBe(`${SECOND}-09-13`);
    expect((await calendarOf(own)).terms[0].starts_on).toBeNull();
    page = await page.follow(SESSION);
    expect(dateField(page, "1st Term", "Starts on").value).toBe("");
  });
});
