import {
  RESULTS_MESSAGES,
  type AnnualFigures,
  type AnnualSubject,
  type GradeBand,
  type ResultKind,
  type ScoreColumn,
  type Scores,
  type TermTotals,
} from "./results";
import { sectionMaxima, type PositionTies, type ReportSheetSettings } from "./settings";

/**
 * Working results out: totals, percentages, grades, positions, averages. Pure functions, used by the API, the
 * screens and the report cards alike, so that every place shows the same figures (rules in docs/decisions.md).
 */

/**
 * The one rounding rule: a figure worked out (a total, a percentage, an average) is rounded once, from the
 * scores themselves, to 2 decimals, half away from zero. Positions and grades are read from the rounded figure,
 * the one people see.
 */
export function roundScore(n: number): number {
  // The epsilon keeps 1.005 (stored as 1.00499…) at 1.01, as it is written.
  return (Math.sign(n) * Math.round(Math.abs(n) * 100 * (1 + Number.EPSILON))) / 100 + 0;
}

/** The columns of a section's terminal (exam columns) or mid-term result, each with its maximum. */
export function scoreColumns(
  sheet: Pick<ReportSheetSettings, "exam_columns" | "mid_term_columns"> &
    Partial<Pick<ReportSheetSettings, "score_maxima">>,
  section: string,
  result: ResultKind,
): ScoreColumn[] {
  const maxima = sectionMaxima(sheet, section);
  const names = result === "terminal" ? sheet.exam_columns : sheet.mid_term_columns;
  return names.map((name) => ({ name, max: maxima[name] }));
}

/** The sum of the scores taken in the columns; null when none was taken (a blank is not 0). */
export function subjectTotal(scores: Scores, columns: readonly ScoreColumn[]): number | null {
  const taken = columns.map((column) => scores[column.name]).filter((score) => typeof score === "number");
  return taken.length ? roundScore(taken.reduce((sum, score) => sum + score, 0)) : null;
}

/** A total as a percentage of its columns' maxima: the terminal result's add up to 100, a mid-term's need not. */
export function percentage(total: number, columns: readonly ScoreColumn[]): number {
  const outOf = columns.reduce((sum, column) => sum + column.max, 0);
  return outOf > 0 ? roundScore((total / outOf) * 100) : 0;
}

/**
 * The band a percentage falls in. Bands are whole marks, so a percentage between one band's maximum and the next
 * band's minimum belongs to the lower band: 74.5 is B2, as A1 starts at 75. Null outside the scale.
 */
export function gradeFor(percent: number, scale: readonly GradeBand[]): GradeBand | null {
  let found: GradeBand | null = null;
  for (const band of scale) {
    if (band.min <= percent && percent < band.max + 1 && (!found || band.min > found.min)) found = band;
  }
  return found;
}

/**
 * Positions, the highest value first. Standard competition: a tie shares a place and the places it fills are
 * skipped (1, 2, 2, 4); dense: the next after a tie is the next number (1, 2, 2, 3).
 */
export function rank<K>(entries: readonly { key: K; value: number }[], rule: PositionTies): Map<K, number> {
  const sorted = [...entries].sort((a, b) => b.value - a.value);
  const positions = new Map<K, number>();
  let position = 0;
  sorted.forEach((entry, index) => {
    if (index === 0 || entry.value !== sorted[index - 1].value) position = rule === "dense" ? position + 1 : index + 1;
    positions.set(entry.key, position);
  });
  return positions;
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 101st, 111th. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  const last = n % 10;
  const suffix =
    lastTwo >= 11 && lastTwo <= 13 ? "th" : last === 1 ? "st" : last === 2 ? "nd" : last === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

export interface SubjectSummary {
  average: number | null;
  highest: number | null;
  lowest: number | null;
}

/** A subject's class average, highest and lowest over the students who took it. */
export function subjectSummary(totals: readonly (number | null)[]): SubjectSummary {
  const taken = totals.filter((total) => total !== null);
  if (!taken.length) return { average: null, highest: null, lowest: null };
  return {
    average: roundScore(taken.reduce((sum, total) => sum + total, 0) / taken.length),
    highest: Math.max(...taken),
    lowest: Math.min(...taken),
  };
}

export interface StudentResult {
  id: number;
  /** The sum of the student's subject totals; null when they took none. */
  total: number | null;
  /** Over the subjects they took only. */
  average: number | null;
  subjectsTaken: number;
  /** Class position by average; null when positions are off or they took nothing. */
  position: number | null;
  /** Subject -> position in that subject; null when positions are off or they did not take it. */
  subjectPositions: Record<string, number | null>;
}

export interface ClassResults {
  students: StudentResult[];
  subjects: Record<string, SubjectSummary>;
}

/**
 * A class's results from each student's subject totals (null: not taken; a subject counts for a student when
 * they have at least one score in it). For the mid-term result, pass percentages so that subjects with
 * different maxima weigh the same. With `addPosition` off, no position is given (the report shows the number in
 * class instead).
 */
export function classResults(input: {
  subjects: readonly string[];
  students: readonly { id: number; totals: Record<string, number | null> }[];
  rule: PositionTies;
  addPosition: boolean;
}): ClassResults {
  const totalOf = (student: (typeof input.students)[number], subject: string) => student.totals[subject] ?? null;
  const subjectRanks = new Map(
    input.subjects.map((subject) => [
      subject,
      rank(
        input.students.flatMap((student) => {
          const value = totalOf(student, subject);
          return value === null ? [] : [{ key: student.id, value }];
        }),
        input.rule,
      ),
    ]),
  );
  const figures = input.students.map((student) => {
    const taken = input.subjects.map((subject) => totalOf(student, subject)).filter((total) => total !== null);
    const sum = taken.reduce((a, b) => a + b, 0);
    return {
      student,
      total: taken.length ? roundScore(sum) : null,
      average: taken.length ? roundScore(sum / taken.length) : null,
      subjectsTaken: taken.length,
    };
  });
  const classRank = rank(
    figures.flatMap((f) => (f.average === null ? [] : [{ key: f.student.id, value: f.average }])),
    input.rule,
  );
  return {
    students: figures.map(({ student, total, average, subjectsTaken }) => ({
      id: student.id,
      total,
      average,
      subjectsTaken,
      position: input.addPosition ? (classRank.get(student.id) ?? null) : null,
      subjectPositions: Object.fromEntries(
        input.subjects.map((subject) => [
          subject,
          input.addPosition ? (subjectRanks.get(subject)?.get(student.id) ?? null) : null,
        ]),
      ),
    })),
    subjects: Object.fromEntries(
      input.subjects.map((subject) => [
        subject,
        subjectSummary(input.students.map((student) => totalOf(student, subject))),
      ]),
    ),
  };
}

/**
 * The annual average of a subject in the 3rd term: over the terms that have results, null when none has. The
 * annual position is `classResults` over these averages.
 */
export function cumulative(termTotals: TermTotals): number | null {
  const taken = [termTotals.first, termTotals.second, termTotals.third].filter((total) => total !== null);
  return taken.length ? roundScore(taken.reduce((a, b) => a + b, 0) / taken.length) : null;
}

/** The 3rd term's terminal result closes the session: its sheet and cards add the cumulative columns. */
export function isCumulative(term: string, result: ResultKind): boolean {
  return term === "3rd Term" && result === "terminal";
}

/**
 * The class's cumulative columns from each student's term totals per subject (a term without a result is null):
 * each subject's annual average over the terms that have results, each student's annual average over their
 * subjects' annual averages, and the annual position over those, the way `classResults` ranks a term.
 */
export function annualResults(input: {
  subjects: readonly string[];
  students: readonly { id: number; terms: Record<string, TermTotals> }[];
  rule: PositionTies;
  addPosition: boolean;
}): Map<number, AnnualFigures> {
  const none: TermTotals = { first: null, second: null, third: null };
  const subjectsOf = new Map(
    input.students.map((student) => [
      student.id,
      Object.fromEntries(
        input.subjects.map((subject): [string, AnnualSubject] => {
          const terms = student.terms[subject] ?? none;
          return [subject, { ...terms, average: cumulative(terms) }];
        }),
      ),
    ]),
  );
  const worked = classResults({
    subjects: input.subjects,
    students: input.students.map((student) => ({
      id: student.id,
      totals: Object.fromEntries(
        input.subjects.map((subject) => [subject, subjectsOf.get(student.id)![subject].average]),
      ),
    })),
    rule: input.rule,
    addPosition: input.addPosition,
  });
  return new Map(
    worked.students.map((w) => [w.id, { subjects: subjectsOf.get(w.id)!, average: w.average, position: w.position }]),
  );
}

/** "2nd out of 34". */
export const positionOutOf = (position: number, count: number) =>
  RESULTS_MESSAGES.positionOutOf(ordinal(position), count);
