import { describe, expect, it } from "vitest";
import { roundedPercentages } from "../../app/lib/percent";

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe("roundedPercentages", () => {
  it("2:1 reads 67% and 33%", () => {
    expect(roundedPercentages([2, 1])).toEqual([67, 33]);
  });

  it("all zeros give all zeros", () => {
    expect(roundedPercentages([0, 0])).toEqual([0, 0]);
    expect(roundedPercentages([])).toEqual([]);
  });

  it("one side only is 100 and 0", () => {
    expect(roundedPercentages([0, 12])).toEqual([0, 100]);
  });

  it("thirds give the spare point to one of them", () => {
    const thirds = roundedPercentages([1, 1, 1]);
    expect(sum(thirds)).toBe(100);
    expect([...thirds].sort()).toEqual([33, 33, 34]);
  });

  it("the largest remainder gets the spare point", () => {
    expect(roundedPercentages([1, 6])).toEqual([14, 86]);
    expect(roundedPercentages([45, 55])).toEqual([45, 55]);
  });

  it("always adds up to exactly 100 and never moves a share by more than one point", () => {
    for (let a = 0; a <= 40; a++) {
      for (let b = 0; b <= 40; b++) {
        for (const counts of [
          [a, b],
          [a, b, (a * 7 + b) % 13],
        ]) {
          const total = sum(counts);
          if (total === 0) continue;
          const shares = roundedPercentages(counts);
          expect(sum(shares)).toBe(100);
          shares.forEach((share, i) => expect(Math.abs(share - (counts[i] * 100) / total)).toBeLessThan(1));
        }
      }
    }
  });
});
