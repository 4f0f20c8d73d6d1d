import { afterEach, describe, expect, it } from "vitest";
import { currentSession, currentTerm, planningTerm, sessionOptions, TERMS } from "../../contract/calendar";

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
