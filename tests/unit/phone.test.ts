import { describe, expect, it } from "vitest";
import { toE164 } from "../../contract/phone";

describe("toE164 (default country Nigeria)", () => {
  it.each([
    ["0803 123 4567", "+2348031234567"],
    ["08031234567", "+2348031234567"],
    ["803 123 4567", "+2348031234567"],
    ["+234 803 123 4567", "+2348031234567"],
    ["  +234-803-123-4567  ", "+2348031234567"],
    ["0701 234 5678", "+2347012345678"],
    ["0909 876 5432", "+2349098765432"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("%s is stored as %s", (input, e164) => {
    expect(toE164(input)).toBe(e164);
  });

  it.each(["", "   ", "abc", "12345", "0803123", "+234 803 123 456 789", "0803 123 456a"])(
    "%j is not a phone number",
    (input) => {
      expect(toE164(input)).toBeNull();
    },
  );
});
