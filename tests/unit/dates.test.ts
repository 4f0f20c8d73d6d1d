import { afterEach, describe, expect, it } from "vitest";
import { formatDate, formatDayMonth, formatLongDate, greeting, hourInSchoolTime } from "../../app/lib/dates";

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

/** Lagos is UTC+1 all year: 10:59 UTC is 11:59 in Lagos. */
describe.each(["UTC", "Africa/Lagos", "Asia/Tokyo", "America/New_York"])("greeting with the server in %s", (zone) => {
  it.each([
    ["2026-10-05T00:00:00Z", "Good morning"],
    ["2026-10-05T10:59:00Z", "Good morning"],
    ["2026-10-05T11:00:00Z", "Good afternoon"],
    ["2026-10-05T15:59:00Z", "Good afternoon"],
    ["2026-10-05T16:00:00Z", "Good evening"],
    ["2026-10-05T22:59:00Z", "Good evening"],
    ["2026-10-05T23:00:00Z", "Good morning"],
  ])("%s says %s", (iso, expected) => {
    process.env.TZ = zone;
    expect(greeting(new Date(iso))).toBe(expected);
  });
});

describe("dates in Lagos time", () => {
  it("the hour is Lagos's", () => {
    process.env.TZ = "America/Los_Angeles";
    expect(hourInSchoolTime(new Date("2026-10-05T23:30:00Z"))).toBe(0);
    expect(hourInSchoolTime(new Date("2026-10-05T12:30:00Z"))).toBe(13);
  });

  it("the long date is Lagos's day", () => {
    process.env.TZ = "America/Los_Angeles";
    const text = formatLongDate(new Date("2026-10-04T23:30:00Z"));
    expect(text).toContain("Monday");
    expect(text).toContain("5");
    expect(text).toContain("October");
    expect(text).toContain("2026");
  });
});

describe("the date a person reads", () => {
  it("a day from the API reads like 24 Nov 2026, on any server", () => {
    process.env.TZ = "America/Los_Angeles";
    expect(formatDate("2026-11-24")).toBe("24 Nov 2026");
    expect(formatDate("2027-01-01")).toBe("1 Jan 2027");
    expect(formatDayMonth("2026-11-24")).toBe("24 Nov");
  });

  it("a moment late at night UTC is already the next day in Lagos", () => {
    for (const zone of ["UTC", "America/Los_Angeles", "Asia/Tokyo"]) {
      process.env.TZ = zone;
      expect(formatDate("2026-11-24T23:30:00.000Z")).toBe("25 Nov 2026");
      expect(formatDate(new Date("2026-12-31T23:15:00Z"))).toBe("1 Jan 2027");
      expect(formatDayMonth(new Date("2026-11-24T23:30:00Z"))).toBe("25 Nov");
      expect(formatDate("2026-11-24T22:59:00Z")).toBe("24 Nov 2026");
    }
  });
});

describe("a date that is not one", () => {
  it("is shown as it was given rather than failing the page", () => {
    expect(formatDate("not a date")).toBe("not a date");
    expect(formatDate("2026-02-30")).toBe("2026-02-30");
  });
});
