import { describe, expect, it } from "vitest";
import { CBN_BANKS, institutionCode, isValidNuban, nubanCheckDigit, nubanFor } from "../../api/lib/nuban";

describe("NUBAN check digit", () => {
  it("gives the CBN's worked examples (First Bank, 011)", () => {
    // CBN NUBAN proposals v0.4: serial 000001457 → 0000014579; serial 000000022 → 0000000220.
    expect(nubanCheckDigit("011", "000001457")).toBe(9);
    expect(isValidNuban("0000014579", "011")).toBe(true);
    expect(nubanCheckDigit("011", "000000022")).toBe(0);
    expect(isValidNuban("0000000220", "011")).toBe(true);
  });

  it("refuses every other last digit", () => {
    for (let d = 0; d <= 9; d++) expect(isValidNuban(`000001457${d}`, "011")).toBe(d === 9);
  });

  it("depends on the bank: a number valid at one bank fails at most others", () => {
    const number = nubanFor("058", "012345678");
    expect(isValidNuban(number, "058")).toBe(true);
    const elsewhere = CBN_BANKS.filter((b) => b.code !== "058" && isValidNuban(number, b.code));
    expect(elsewhere.length).toBeLessThan(CBN_BANKS.length / 3);
  });

  it("pads 3-digit bank codes with zeros and prefixes 5-digit OFI codes with 9 (2020 revision)", () => {
    expect(institutionCode("011")).toBe("000011");
    expect(institutionCode("50211")).toBe("950211");
    expect(institutionCode("950211")).toBe("950211");
    for (const bad of ["11", "0111", "5021", "abc", ""]) expect(institutionCode(bad)).toBeNull();
    // Computed by hand over 9,5,0,2,1,1 + 1,2,3,4,5,6,7,8,9 with weights 3,7,3 repeated:
    // 27+35+0+6+7+3+3+14+9+12+35+18+21+56+27 = 273 → 10 − 3 = 7.
    expect(nubanCheckDigit("50211", "123456789")).toBe(7);
    expect(isValidNuban("1234567897", "50211")).toBe(true);
    expect(isValidNuban("1234567897", "950211")).toBe(true);
  });

  it("leading zeros weigh nothing: a 3-digit code and its 6-digit form agree", () => {
    for (let serial = 100_000_000; serial < 100_000_000 + 500; serial += 7) {
      expect(nubanCheckDigit("033", String(serial))).toBe(nubanCheckDigit("000033", String(serial)));
    }
  });

  it("refuses numbers that are not 10 digits and codes it cannot use", () => {
    for (const bad of ["000001457", "00000145790", "000001457a", " 000001457"])
      expect(isValidNuban(bad, "011")).toBe(false);
    expect(isValidNuban("0000014579", "11")).toBe(false);
    expect(() => nubanCheckDigit("11", "000001457")).toThrow();
  });

  it("lists each bank once, each with a code the check can use", () => {
    expect(new Set(CBN_BANKS.map((b) => b.code)).size).toBe(CBN_BANKS.length);
    expect(new Set(CBN_BANKS.map((b) => b.name)).size).toBe(CBN_BANKS.length);
    for (const bank of CBN_BANKS) expect(institutionCode(bank.code), bank.name).not.toBeNull();
  });
});
