import type { GradeBand, PositionTies } from "./settings";

/** The results area's shapes and words, shared by the API, the screens and the report cards. */

export type { GradeBand, PositionTies };

/** The terminal result (the report sheet's exam columns) or the mid-term result (its mid-term columns). */
export type ResultKind = "terminal" | "mid_term";
export const RESULT_KINDS: readonly ResultKind[] = ["terminal", "mid_term"];

export interface ScoreColumn {
  name: string;
  max: number;
}

/** Column name -> score; null is "not taken", which is not 0. */
export type Scores = Record<string, number | null>;

export interface SheetRow {
  student_id: number;
  name: string;
  admission: string;
  scores: Scores;
  total: number | null;
  grade: string | null;
  position: number | null;
}

export interface ScoreSheet {
  columns: ScoreColumn[];
  rows: SheetRow[];
  published: boolean;
  class_name: string;
  subject: string;
  term: string;
  session: string;
  result: ResultKind;
}

/** The results area's words. */
export const RESULTS_MESSAGES = {
  resultKinds: { terminal: "Terminal", mid_term: "Mid-term" } satisfies Record<ResultKind, string>,
  total: "Total",
  grade: "Grade",
  remark: "Remark",
  position: "Position",
  classAverage: "Class Average",
  highest: "Highest",
  lowest: "Lowest",
  average: "Average",
  numberInClass: "No. in Class",
  positionOutOf: (position: string, count: number) => `${position} out of ${count}`,
} as const;
