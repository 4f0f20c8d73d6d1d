import { afterEach, describe, expect, it } from "vitest";
import { formatLongDate, greeting, hourInSchoolTime } from "../../app/lib/dates";

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
