import { afterEach, describe, expect, it } from "vitest";
import {
  currentSession,
  currentTerm,
  followingTerm,
  isIsoDate,
  planningTerm,
  resolveSchoolTerm,
  schoolDays,
  sessionOptions,
  termOnDay,
  TERMS,
  type DatedTerm,
} from "../../contract/calendar";

/** Midday on the 15th of a month, in UTC: far from any day boundary in any zone. */
const mid = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 15, 12));

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe("currentTerm (dashboard): Sep–Dec 1st, Jan–Apr 2nd, May–Aug 3rd", () => {
  const expected = ["2nd", "2nd", "2nd", "2nd", "3rd", "3rd", "3rd", "3rd", "1st", "1st", "1st", "1st"];
  it.each(expected.map((term, i) => [i + 1, `${term} Term`]))("month %i gives %s", (month, term) => {
    expect(currentTerm(mid(2026, month as number))).toBe(term);
  });
});

describe("planningTerm (new timetables): Aug–Dec 1st, Jan–Apr 2nd, otherwise 3rd", () => {
  const expected = ["2nd", "2nd", "2nd", "2nd", "3rd", "3rd", "3rd", "1st", "1st", "1st", "1st", "1st"];
  it.each(expected.map((term, i) => [i + 1, `${term} Term`]))("month %i gives %s", (month, term) => {
    expect(planningTerm(mid(2026, month as number))).toBe(term);
  });

  it("the two rules differ only in August", () => {
    const differing = [...Array(12).keys()]
      .map((m) => m + 1)
      .filter((m) => currentTerm(mid(2026, m)) !== planningTerm(mid(2026, m)));
    expect(differing).toEqual([8]);
  });
});

describe("currentSession: a session starts in September", () => {
  it.each([
    [mid(2026, 9), "2026/2027"],
    [mid(2026, 12), "2026/2027"],
    [mid(2027, 1), "2026/2027"],
    [mid(2027, 8), "2026/2027"],
    [mid(2027, 9), "2027/2028"],
  ])("%s is in %s", (date, session) => {
    expect(currentSession(date)).toBe(session);
  });
});

describe("sessionOptions", () => {
  it("offers the previous, the current and the next session", () => {
    expect(sessionOptions(mid(2026, 10))).toEqual(["2025/2026", "2026/2027", "2027/2028"]);
    expect(sessionOptions(mid(2027, 3))).toEqual(["2025/2026", "2026/2027", "2027/2028"]);
  });

  it("always includes the current session", () => {
    for (let m = 1; m <= 12; m++) expect(sessionOptions(mid(2026, m))).toContain(currentSession(mid(2026, m)));
  });

  it("TERMS are the three term labels in order", () => {
    expect(TERMS).toEqual(["1st Term", "2nd Term", "3rd Term"]);
  });
});

describe("terms and sessions follow the school's day in Lagos, whatever the server's zone", () => {
  // 23:30 UTC on 31 August is already 00:30 on 1 September in Lagos (UTC+1).
  const lagosFirstOfSeptember = new Date("2026-08-31T23:30:00Z");
  // 23:30 in Lagos on 31 August is 07:30 on 1 September in Tokyo.
  const lagosLastOfAugust = new Date("2026-08-31T22:30:00Z");

  it.each(["UTC", "Asia/Tokyo", "America/Los_Angeles", "Africa/Lagos"])("server zone %s", (zone) => {
    process.env.TZ = zone;
    expect(currentTerm(lagosFirstOfSeptember)).toBe("1st Term");
    expect(currentSession(lagosFirstOfSeptember)).toBe("2026/2027");
    expect(currentTerm(lagosLastOfAugust)).toBe("3rd Term");
    expect(currentSession(lagosLastOfAugust)).toBe("2025/2026");
    expect(planningTerm(new Date("2026-07-31T23:30:00Z"))).toBe("1st Term");
    expect(sessionOptions(lagosFirstOfSeptember)).toEqual(["2025/2026", "2026/2027", "2027/2028"]);
  });
});

describe("schoolDays: weekdays from start to end, both included, less the closures on weekdays", () => {
  it.each([
    ["a Monday to a Friday", "2026-09-14", "2026-09-18", [], 5],
    ["one day, a weekday", "2026-09-14", "2026-09-14", [], 1],
    ["one day, a Saturday", "2026-09-19", "2026-09-19", [], 0],
    ["a Saturday to a Sunday", "2026-09-19", "2026-09-20", [], 0],
    ["a Friday to the Monday after", "2026-09-18", "2026-09-21", [], 2],
    ["two whole weeks and a day", "2026-09-14", "2026-09-28", [], 11],
    ["a term of 14 weeks", "2026-09-14", "2026-12-18", [], 70],
    ["across February of a leap year", "2028-02-28", "2028-03-01", [], 3],
    ["the end before the start", "2026-09-18", "2026-09-14", [], 0],
  ] as const)("%s", (_, start, end, closures, days) => {
    expect(schoolDays(start, end, closures)).toBe(days);
  });

  it("takes off a closure on a weekday within the term, once however often it is listed", () => {
    expect(schoolDays("2026-09-14", "2026-09-18", ["2026-09-16"])).toBe(4);
    expect(schoolDays("2026-09-14", "2026-09-18", ["2026-09-16", "2026-09-16"])).toBe(4);
    expect(schoolDays("2026-09-14", "2026-09-18", ["2026-09-14", "2026-09-18"])).toBe(3);
  });

  it("ignores closures on a weekend, outside the term, or not dates at all", () => {
    expect(schoolDays("2026-09-14", "2026-09-20", ["2026-09-19", "2026-09-20"])).toBe(5);
    expect(schoolDays("2026-09-14", "2026-09-18", ["2026-09-11", "2026-09-21", "2026-9-15", "2026-02-30"])).toBe(5);
  });

  it("agrees with counting day by day over a year of starts and lengths", () => {
    for (let offset = 0; offset < 21; offset++) {
      for (let length = 0; length < 40; length += 3) {
        const start = new Date(Date.UTC(2026, 8, 1 + offset));
        const end = new Date(start.getTime() + length * 86_400_000);
        let counted = 0;
        for (let d = new Date(start); d <= end; d = new Date(d.getTime() + 86_400_000))
          if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) counted++;
        const iso = (d: Date) => d.toISOString().slice(0, 10);
        expect(schoolDays(iso(start), iso(end))).toBe(counted);
      }
    }
  });
});

describe("isIsoDate", () => {
  it.each(["2026-09-14", "2028-02-29"])("%s is a date", (d) => expect(isIsoDate(d)).toBe(true));
  it.each(["2026-02-29", "2026-13-01", "2026-9-14", "14/09/2026", "", "2026-09-14T00:00"])("%s is not", (d) =>
    expect(isIsoDate(d)).toBe(false),
  );
});

describe("the term on a day, from the calendar", () => {
  const terms: DatedTerm[] = [
    {
      term: "1st Term",
      session: "2026/2027",
      starts_on: "2026-09-14",
      ends_on: "2026-12-18",
      next_term_starts_on: "2027-01-11",
    },
    {
      term: "2nd Term",
      session: "2026/2027",
      starts_on: "2027-01-11",
      ends_on: "2027-04-09",
      next_term_starts_on: null,
    },
  ];

  it("is the term from its start to its end", () => {
    expect(termOnDay(terms, "2026-09-14")).toEqual({ term: "1st Term", session: "2026/2027", between_terms: false });
    expect(termOnDay(terms, "2026-12-18")).toEqual({ term: "1st Term", session: "2026/2027", between_terms: false });
    expect(termOnDay(terms, "2027-01-11")).toMatchObject({ term: "2nd Term", between_terms: false });
  });

  it("keeps the term through its holiday until the next term begins", () => {
    expect(termOnDay(terms, "2026-12-19")).toEqual({ term: "1st Term", session: "2026/2027", between_terms: true });
    expect(termOnDay(terms, "2027-01-10")).toMatchObject({ term: "1st Term", between_terms: true });
  });

  it("covers nothing before the first term or after a term whose next beginning is not set", () => {
    expect(termOnDay(terms, "2026-09-13")).toBeNull();
    expect(termOnDay(terms, "2027-04-10")).toBeNull();
  });

  it("plans for the term that follows during a holiday; the 3rd Term is followed by the next session's 1st", () => {
    const today = new Date("2026-12-20T12:00:00Z");
    expect(resolveSchoolTerm(today, termOnDay(terms, "2026-12-20"), { term: null, session: null })).toEqual({
      term: "1st Term",
      session: "2026/2027",
      planning_term: "2nd Term",
      planning_session: "2026/2027",
      from: "calendar",
    });
    expect(followingTerm("3rd Term", "2026/2027")).toEqual({ term: "1st Term", session: "2027/2028" });
  });

  it("falls back to the school's settings, then to the month rules", () => {
    const august = new Date("2026-08-15T12:00:00Z");
    expect(resolveSchoolTerm(august, null, { term: "2nd Term", session: "2025/2026" })).toEqual({
      term: "2nd Term",
      session: "2025/2026",
      planning_term: "2nd Term",
      planning_session: "2025/2026",
      from: "settings",
    });
    expect(resolveSchoolTerm(august, null, { term: null, session: null })).toEqual({
      term: "3rd Term",
      session: "2025/2026",
      planning_term: "1st Term",
      planning_session: "2025/2026",
      from: "month",
    });
  });
});
