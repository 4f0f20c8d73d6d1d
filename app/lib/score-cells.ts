import type { ScoreSheet } from "../../contract/results";

/**
 * A cell's form field on the score grid: the student's id, then the column's name (the school's own, any
 * characters), so that a cell is read by name whatever the order of the columns when the form was drawn.
 */
export const cellName = (studentId: number, column: string) => `cell:${studentId}:${column}`;

/** The student and column a field names, or null for any other field. */
export function parseCellName(name: string): { studentId: number; column: string } | null {
  const match = /^cell:(\d{1,10}):(.+)$/s.exec(name);
  return match ? { studentId: Number(match[1]), column: match[2] } : null;
}

/** The grid's fields as the sheet starts them: each stored score, as text. */
export function cellDefaults(sheet: ScoreSheet): Record<string, string> {
  return Object.fromEntries(
    sheet.rows.flatMap((row) =>
      sheet.columns.map((c) => [cellName(row.student_id, c.name), row.scores[c.name]?.toString() ?? ""]),
    ),
  );
}
