import { describe, expect, it } from "vitest";
import {
  formatNaira,
  formatNairaCompact,
  formatWireNaira,
  koboToNaira,
  MAX_KOBO,
  NO_AMOUNT,
  nairaInputValue,
  nairaToKobo,
  parseNaira,
} from "../../contract/money";

describe("formatNaira", () => {
  it("writes naira with the sign, thousands and two kobo digits, in en-NG", () => {
    expect(formatNaira(1_250_050)).toBe("₦12,500.50");
    expect(formatNaira(0)).toBe("₦0.00");
    expect(formatNaira(5)).toBe("₦0.05");
    expect(formatNaira(123_456_789)).toBe("₦1,234,567.89");
  });

  it("writes a dash, never ₦0.00, for kobo that are no whole number", () => {
    expect(NO_AMOUNT).toBe("—");
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 0.5, null, undefined, "12"])
      expect(formatNaira(bad as number), String(bad)).toBe("—");
    expect(formatNairaCompact(Number.NaN)).toBe("—");
    expect(formatNairaCompact(120_000_000)).toBe("₦1.2M");
  });
});

describe("formatWireNaira (naira as the wire carries them)", () => {
  it("writes numbers and decimal text of naira", () => {
    expect(formatWireNaira(12500.5)).toBe("₦12,500.50");
    expect(formatWireNaira("12500.50")).toBe("₦12,500.50");
    expect(formatWireNaira(0)).toBe("₦0.00");
    expect(formatWireNaira(-3.5)).toBe("-₦3.50");
  });

  it.each([Number.NaN, null, undefined, "", "abc", "12,500", 12.345, Number.POSITIVE_INFINITY, {}, [5]])(
    "shows %j as a dash, never ₦0.00",
    (bad) => {
      expect(formatWireNaira(bad)).toBe("—");
    },
  );
});

describe("nairaToKobo and koboToNaira", () => {
  it("read naira numbers and decimal text exactly", () => {
    expect(nairaToKobo(12500.5)).toBe(1_250_050);
    expect(nairaToKobo(0.1)).toBe(10);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(1.1)).toBe(110);
    expect(nairaToKobo("12500.50")).toBe(1_250_050);
    expect(nairaToKobo(" 7 ".trim())).toBe(700);
    expect(nairaToKobo(-3.5)).toBe(-350);
  });

  it("refuse what is not naira with at most two decimals, instead of rounding it", () => {
    for (const bad of [12.345, 0.1 + 0.2, 1e21, Number.NaN, Number.POSITIVE_INFINITY, 1e-7])
      expect(nairaToKobo(bad), String(bad)).toBeNull();
    for (const bad of ["12,500", "12.345", "", "abc", "1e3", "12.5.0", "0x10"])
      expect(nairaToKobo(bad), bad).toBeNull();
  });

  it("a naive float conversion would be off where this one is exact", () => {
    expect(Math.floor(4.35 * 100)).toBe(434);
    expect(nairaToKobo(4.35)).toBe(435);
    expect(Math.floor(1.15 * 100)).toBe(114);
    expect(nairaToKobo(1.15)).toBe(115);
  });

  it("every kobo amount survives the trip to naira on the wire and back (JSON included)", () => {
    const samples = [0, 1, 9, 10, 99, 100, 101, 435, 1999, 1_250_050, 999_999_999, 123_456_789_012, MAX_KOBO - 1];
    for (let k = 0; k < 20_000; k += 1) samples.push(k);
    for (let k = 1; k < 1e15; k = Math.floor(k * 3.7) + 13) samples.push(k);
    for (const kobo of samples) {
      const wire = JSON.parse(JSON.stringify({ price: koboToNaira(kobo) })).price as number;
      expect(nairaToKobo(wire), String(kobo)).toBe(kobo);
    }
  });

  it("refuses amounts past the exact range of integers", () => {
    expect(nairaToKobo("90071992547409.92")).toBeNull();
    expect(nairaToKobo("90071992547409.91")).toBe(MAX_KOBO);
  });
});

describe("parseNaira (typed amounts)", () => {
  it.each([
    ["12,500.50", 1_250_050],
    ["12500.5", 1_250_050],
    ["12500", 1_250_000],
    ["12500.", 1_250_000],
    ["₦12,500", 1_250_000],
    ["₦ 2,000.00", 200_000],
    ["N2000", 200_000],
    ["n 750", 75_000],
    ["NGN 750.05", 75_005],
    ["  1,250,000  ", 125_000_000],
    ["0.5", 50],
    ["0", 0],
  ])("%s → %i kobo", (text, kobo) => {
    expect(parseNaira(text)).toBe(kobo);
  });

  it.each(["", "  ", "abc", "12,50", "1,2345", "12,500,00", "-500", "12.345", "₦", "1e3", "12 500.5.5", "5,00.00"])(
    "refuses %j",
    (text) => {
      expect(parseNaira(text)).toBeNull();
    },
  );
});

describe("nairaInputValue", () => {
  it("writes an amount back as a person would type it, and parseNaira reads it back", () => {
    expect(nairaInputValue(1_250_050)).toBe("12500.50");
    expect(nairaInputValue(200_000)).toBe("2000");
    expect(nairaInputValue(5)).toBe("0.05");
    for (const kobo of [0, 1, 50, 99, 100, 1_250_050, 999_999_999])
      expect(parseNaira(nairaInputValue(kobo))).toBe(kobo);
  });

  it("leaves the input empty, not 0, for an amount that cannot be read", () => {
    expect(nairaInputValue(nairaToKobo("abc"))).toBe("");
    expect(nairaInputValue(null)).toBe("");
    expect(nairaInputValue(Number.NaN)).toBe("");
  });
});
