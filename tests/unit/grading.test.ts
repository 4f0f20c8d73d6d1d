import { describe, expect, it } from "vitest";
import {
  classResults,
  annualResults,
  cumulative,
  isCumulative,
  gradeFor,
  ordinal,
  percentage,
  positionOutOf,
  rank,
  roundScore,
  scoreColumns,
  subjectSummary,
  subjectTotal,
} from "../../contract/grading";
import {
  defaultMaxima,
  defaultReportSheet,
  DEFAULT_GRADE_SCALE,
  sectionGradeScale,
  sectionMaxima,
} from "../../contract/settings";

const sheet = defaultReportSheet(new Date("2026-11-25T09:00:00Z"));
const terminal = scoreColumns(sheet, "Junior Secondary", "terminal");
const midTerm = scoreColumns(sheet, "Junior Secondary", "mid_term");
const grade = (percent: number) => gradeFor(percent, DEFAULT_GRADE_SCALE)?.grade ?? null;

describe("score columns and their maxima", () => {
  it("default to 1st CA 20, 2nd CA 20, Exam 60, the mid-term result taking the CAs", () => {
    expect(terminal).toEqual([
      { name: "1st CA", max: 20 },
      { name: "2nd CA", max: 20 },
      { name: "Exam", max: 60 },
    ]);
    expect(midTerm).toEqual([
      { name: "1st CA", max: 20 },
      { name: "2nd CA", max: 20 },
    ]);
  });

  it("take the section's own maxima, and the defaults in another section", () => {
    const set = { ...sheet, score_maxima: { Primary: { "1st CA": 15, "2nd CA": 15, Exam: 70 } } };
    expect(scoreColumns(set, "Primary", "terminal").map((c) => c.max)).toEqual([15, 15, 70]);
    expect(scoreColumns(set, "Nursery", "terminal").map((c) => c.max)).toEqual([20, 20, 60]);
  });

  it("fill custom columns: Exam 60 and the others share 40 in whole marks, or all share 100 without an Exam", () => {
    const columns = (exam_columns: string[], mid_term_columns: string[] = []) =>
      defaultMaxima({ exam_columns, mid_term_columns });
    expect(columns(["CA", "Exam"])).toEqual({ CA: 40, Exam: 60 });
    expect(columns(["1st CA", "2nd CA", "3rd CA", "exam"])).toEqual({
      "1st CA": 14,
      "2nd CA": 13,
      "3rd CA": 13,
      exam: 60,
    });
    expect(columns(["Test", "Project", "Paper"])).toEqual({ Test: 34, Project: 33, Paper: 33 });
    expect(columns(["Exam"])).toEqual({ Exam: 100 });
    expect(columns(["CA", "Exam"], ["CA", "Mid-term Test"])).toEqual({ CA: 40, Exam: 60, "Mid-term Test": 20 });
  });

  it("give a column the school has just added what its set columns leave of 100", () => {
    const renamed = {
      exam_columns: ["1st CA", "2nd CA", "Examination"],
      mid_term_columns: ["1st CA", "2nd CA"],
      score_maxima: { Primary: { "1st CA": 20, "2nd CA": 20, Exam: 60 } },
    };
    expect(sectionMaxima(renamed, "Primary")).toEqual({ "1st CA": 20, "2nd CA": 20, Examination: 60 });
    const two = { exam_columns: ["CA", "Test", "Exam"], mid_term_columns: [], score_maxima: { S: { CA: 30 } } };
    expect(sectionMaxima(two, "S")).toEqual({ CA: 30, Test: 35, Exam: 35 });
    // Nothing left to share: the new column takes its default, and the total is refused.
    const full = { ...renamed, exam_columns: ["1st CA", "2nd CA", "Exam", "Project"] };
    expect(sectionMaxima(full, "Primary")).toEqual({ "1st CA": 20, "2nd CA": 20, Exam: 60, Project: 13 });
  });
});

describe("totals", () => {
  it("add the scores taken; a blank is not taken, not 0", () => {
    expect(subjectTotal({ "1st CA": 15, "2nd CA": 12, Exam: 48 }, terminal)).toBe(75);
    expect(subjectTotal({ "1st CA": 15, "2nd CA": null, Exam: 48 }, terminal)).toBe(63);
    expect(subjectTotal({ "1st CA": 15 }, terminal)).toBe(15);
    expect(subjectTotal({ "1st CA": 0, "2nd CA": null, Exam: null }, terminal)).toBe(0);
  });

  it("are null when no score was taken", () => {
    expect(subjectTotal({ "1st CA": null, "2nd CA": null, Exam: null }, terminal)).toBeNull();
    expect(subjectTotal({}, terminal)).toBeNull();
  });

  it("count only the result's own columns, and round once to 2 decimals", () => {
    expect(subjectTotal({ "1st CA": 10, "2nd CA": 10, Exam: 50 }, midTerm)).toBe(20);
    expect(subjectTotal({ "1st CA": 0.1, "2nd CA": 0.2 }, midTerm)).toBe(0.3);
  });
});

describe("the rounding rule", () => {
  it("rounds to 2 decimals, half away from zero", () => {
    expect(roundScore(66.666666)).toBe(66.67);
    expect(roundScore(66.665)).toBe(66.67);
    expect(roundScore(1.005)).toBe(1.01);
    expect(roundScore(2.675)).toBe(2.68);
    expect(roundScore(74.5)).toBe(74.5);
    expect(roundScore(-1.005)).toBe(-1.01);
    expect(roundScore(80)).toBe(80);
    expect(Object.is(roundScore(-0.001), 0)).toBe(true);
  });
});

describe("percentages", () => {
  it("are the total itself on the terminal result, whose maxima add up to 100", () => {
    expect(percentage(63, terminal)).toBe(63);
  });

  it("are of the mid-term columns' own maxima", () => {
    expect(percentage(30, midTerm)).toBe(75);
    expect(percentage(27, midTerm)).toBe(67.5);
    expect(percentage(10, [{ name: "Test", max: 30 }])).toBe(33.33);
    expect(grade(percentage(30, midTerm))).toBe("A1");
  });
});

describe("grades on the WAEC bands", () => {
  it.each([
    [100, "A1"],
    [75, "A1"],
    [74.5, "B2"],
    [74.99, "B2"],
    [74, "B2"],
    [70, "B2"],
    [69, "B3"],
    [65, "B3"],
    [64, "C4"],
    [60, "C4"],
    [59, "C5"],
    [55, "C5"],
    [54, "C6"],
    [50, "C6"],
    [49.5, "D7"],
    [45, "D7"],
    [44, "E8"],
    [40, "E8"],
    [39.99, "F9"],
    [39, "F9"],
    [0, "F9"],
  ])("%s is %s", (percent, expected) => {
    expect(grade(percent)).toBe(expected);
  });

  it("carry each band's remark, and give none outside the scale", () => {
    expect(gradeFor(80, DEFAULT_GRADE_SCALE)).toEqual({ grade: "A1", min: 75, max: 100, remark: "Excellent" });
    expect(gradeFor(47, DEFAULT_GRADE_SCALE)?.remark).toBe("Pass");
    expect(grade(-1)).toBeNull();
    expect(grade(101)).toBeNull();
  });

  it("read a school's own words, in any order", () => {
    const nursery = [
      { grade: "Good", min: 0, max: 59, remark: "Keep it up" },
      { grade: "Excellent", min: 80, max: 100, remark: "Well done" },
      { grade: "Very Good", min: 60, max: 79, remark: "Good work" },
    ];
    expect(gradeFor(79.5, nursery)?.grade).toBe("Very Good");
    expect(gradeFor(80, nursery)?.grade).toBe("Excellent");
    expect(gradeFor(12, nursery)?.grade).toBe("Good");
    expect(sectionGradeScale({ grade_scales: { Nursery: nursery } }, "Nursery")).toEqual(nursery);
    expect(sectionGradeScale({ grade_scales: { Nursery: nursery } }, "Primary")).toEqual(DEFAULT_GRADE_SCALE);
  });
});

describe("positions", () => {
  const entries = [
    { key: "a", value: 90 },
    { key: "b", value: 80 },
    { key: "c", value: 80 },
    { key: "d", value: 70 },
  ];

  it("standard competition: 1, 2, 2, 4", () => {
    expect([...rank(entries, "standard")]).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 2],
      ["d", 4],
    ]);
  });

  it("dense: 1, 2, 2, 3; and a tie at the top is 1, 1, 2", () => {
    expect(rank(entries, "dense").get("d")).toBe(3);
    const topTie = [
      { key: 1, value: 60 },
      { key: 2, value: 75.5 },
      { key: 3, value: 75.5 },
    ];
    expect(rank(topTie, "dense")).toEqual(
      new Map([
        [2, 1],
        [3, 1],
        [1, 2],
      ]),
    );
    expect(rank(topTie, "standard").get(1)).toBe(3);
  });

  it("of nobody is empty", () => {
    expect(rank([], "standard").size).toBe(0);
  });
});

describe("ordinals", () => {
  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [23, "23rd"],
    [101, "101st"],
    [111, "111th"],
    [112, "112th"],
  ])("%i is %s", (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });

  it("read a position out of the class", () => {
    expect(positionOutOf(2, 34)).toBe("2nd out of 34");
  });
});

describe("a subject's class figures", () => {
  it("average, highest and lowest over the students who took it", () => {
    expect(subjectSummary([80, null, 55, 62])).toEqual({ average: 65.67, highest: 80, lowest: 55 });
  });

  it("are null when nobody took it", () => {
    expect(subjectSummary([null, null])).toEqual({ average: null, highest: null, lowest: null });
    expect(subjectSummary([])).toEqual({ average: null, highest: null, lowest: null });
  });
});

describe("a class's results", () => {
  const students = [
    { id: 1, totals: { English: 80, Maths: 70, Yoruba: null } }, // average 75 over 2 subjects
    { id: 2, totals: { English: 60, Maths: 90, Yoruba: 75 } }, // average 75 over 3
    { id: 3, totals: { English: 50, Maths: null, Yoruba: 41 } }, // 45.5
    { id: 4, totals: { English: null, Maths: null, Yoruba: null } }, // took nothing
  ];
  const subjects = ["English", "Maths", "Yoruba"];

  it("averages each student over only the subjects they took, and ranks by that average", () => {
    const { students: results } = classResults({ subjects, students, rule: "standard", addPosition: true });
    expect(results).toEqual([
      {
        id: 1,
        total: 150,
        average: 75,
        subjectsTaken: 2,
        position: 1,
        subjectPositions: { English: 1, Maths: 2, Yoruba: null },
      },
      {
        id: 2,
        total: 225,
        average: 75,
        subjectsTaken: 3,
        position: 1,
        subjectPositions: { English: 2, Maths: 1, Yoruba: 1 },
      },
      {
        id: 3,
        total: 91,
        average: 45.5,
        subjectsTaken: 2,
        position: 3,
        subjectPositions: { English: 3, Maths: null, Yoruba: 2 },
      },
      {
        id: 4,
        total: null,
        average: null,
        subjectsTaken: 0,
        position: null,
        subjectPositions: { English: null, Maths: null, Yoruba: null },
      },
    ]);
  });

  it("numbers a tie densely when the school chose it", () => {
    const { students: results } = classResults({ subjects, students, rule: "dense", addPosition: true });
    expect(results.map((s) => s.position)).toEqual([1, 1, 2, null]);
  });

  it("gives each subject its class average, highest and lowest", () => {
    const { subjects: figures } = classResults({ subjects, students, rule: "standard", addPosition: true });
    expect(figures).toEqual({
      English: { average: 63.33, highest: 80, lowest: 50 },
      Maths: { average: 80, highest: 90, lowest: 70 },
      Yoruba: { average: 58, highest: 75, lowest: 41 },
    });
  });

  it("gives no position at all when positions are off", () => {
    const { students: results } = classResults({ subjects, students, rule: "standard", addPosition: false });
    expect(results.map((s) => s.position)).toEqual([null, null, null, null]);
    for (const s of results) expect(Object.values(s.subjectPositions).every((p) => p === null)).toBe(true);
    expect(results[1]).toMatchObject({ total: 225, average: 75, subjectsTaken: 3 });
  });

  it("ranks on the rounded average people see", () => {
    const thirds: { id: number; totals: Record<string, number | null> }[] = [
      { id: 1, totals: { A: 100, B: 50, C: 50.01 } }, // 66.67
      { id: 2, totals: { A: 66.67 } }, // 66.67
    ];
    const { students: results } = classResults({
      subjects: ["A", "B", "C"],
      students: thirds,
      rule: "standard",
      addPosition: true,
    });
    expect(results.map((s) => [s.average, s.position])).toEqual([
      [66.67, 1],
      [66.67, 1],
    ]);
  });
});

describe("the 3rd term's cumulative average", () => {
  it("is over the terms that have results", () => {
    expect(cumulative({ first: 60, second: 70, third: 80 })).toBe(70);
    expect(cumulative({ first: null, second: 70, third: 81 })).toBe(75.5);
    expect(cumulative({ first: 62, second: null, third: 70 })).toBe(66);
    expect(cumulative({ first: 50, second: 61, third: 70 })).toBe(60.33);
    expect(cumulative({ first: null, second: null, third: 40 })).toBe(40);
  });

  it("is null when no term has a result", () => {
    expect(cumulative({ first: null, second: null, third: null })).toBeNull();
  });

  it("ranks the annual position through classResults over the annual averages", () => {
    const annual = [
      { id: 1, totals: { English: cumulative({ first: 60, second: 70, third: 80 }) } },
      { id: 2, totals: { English: cumulative({ first: null, second: 75, third: 77 }) } },
    ];
    const { students } = classResults({ subjects: ["English"], students: annual, rule: "standard", addPosition: true });
    expect(students.map((s) => [s.average, s.position])).toEqual([
      [70, 2],
      [76, 1],
    ]);
  });
});

describe("the 3rd term's cumulative columns", () => {
  const subjects = ["Maths", "English"];
  const t = (first: number | null, second: number | null, third: number | null) => ({ first, second, third });
  // Ada all three terms; Bola missed the 1st term; Chidi all three; Uche only the 3rd term, and no English.
  const students = [
    { id: 1, terms: { Maths: t(60, 70, 80), English: t(50, 60, 70) } },
    { id: 2, terms: { Maths: t(null, 75, 77), English: t(null, 54, 54) } },
    { id: 3, terms: { Maths: t(40, 50, 60), English: t(30, 40, 50) } },
    { id: 4, terms: { Maths: t(null, null, 90), English: t(null, null, null) } },
  ];

  it("are only the 3rd term's terminal result's", () => {
    expect(isCumulative("3rd Term", "terminal")).toBe(true);
    expect(isCumulative("3rd Term", "mid_term")).toBe(false);
    expect(isCumulative("1st Term", "terminal")).toBe(false);
    expect(isCumulative("2nd Term", "terminal")).toBe(false);
  });

  it("give each subject its terms' totals and the annual average over the terms that have results", () => {
    const annual = annualResults({ subjects, students, rule: "standard", addPosition: true });
    expect(annual.get(1)!.subjects).toEqual({
      Maths: { first: 60, second: 70, third: 80, average: 70 },
      English: { first: 50, second: 60, third: 70, average: 60 },
    });
    expect(annual.get(2)!.subjects.Maths).toEqual({ first: null, second: 75, third: 77, average: 76 });
    expect(annual.get(4)!.subjects.English).toEqual({ first: null, second: null, third: null, average: null });
    // A subject with no result in any term does not count: Uche's annual average is her Maths alone.
    expect(annual.get(4)!.average).toBe(90);
  });

  it("rank the annual averages with the school's tie rule: standard 1, 2, 2, 4; dense 1, 2, 2, 3", () => {
    const standard = annualResults({ subjects, students, rule: "standard", addPosition: true });
    expect([1, 2, 3, 4].map((id) => [standard.get(id)!.average, standard.get(id)!.position])).toEqual([
      [65, 2],
      [65, 2],
      [45, 4],
      [90, 1],
    ]);
    const dense = annualResults({ subjects, students, rule: "dense", addPosition: true });
    expect([1, 2, 3, 4].map((id) => dense.get(id)!.position)).toEqual([2, 2, 3, 1]);
  });

  it("give no annual position when positions are off, or to a student with no result in any term", () => {
    const off = annualResults({ subjects, students, rule: "standard", addPosition: false });
    expect([...off.values()].map((a) => a.position)).toEqual([null, null, null, null]);
    expect(off.get(1)!.average).toBe(65);
    const none = annualResults({
      subjects,
      students: [...students, { id: 5, terms: {} }],
      rule: "standard",
      addPosition: true,
    });
    expect(none.get(5)).toMatchObject({ average: null, position: null });
    expect(none.get(5)!.subjects.Maths).toEqual({ first: null, second: null, third: null, average: null });
  });
});
