import type { FormResult } from "./form-state";

/**
 * The staff form's rows of (class, subject) pairs, shared by its component and its action: how many
 * blank rows it offers, and the JS-off button that asks for more.
 */
export const BLANK_ROWS = 3;
/** The value of the JS-off 'Add more rows' button (`intent`): the form comes back with more rows, nothing saved. */
export const MORE_ROWS_INTENT = "more_rows";

export interface TeachingRow {
  class?: string;
  subject?: string;
}

/** The rows to draw: what was sent when the form came back (more after 'Add more rows'), else the pairs and blanks. */
export function startingRows(
  lastResult: FormResult | null | undefined,
  pairs: TeachingRow[],
  moreRows: boolean,
): TeachingRow[] {
  if (!lastResult?.initialValue) return [...pairs, ...blank(BLANK_ROWS)];
  // Rows sent blank come back as nothing (every row blank: no list at all).
  const sent = lastResult.initialValue.teaching;
  const rows = Array.isArray(sent)
    ? sent.map((row) => (row && typeof row === "object" ? (row as TeachingRow) : {}))
    : blank(BLANK_ROWS);
  return moreRows ? [...rows, ...blank(BLANK_ROWS)] : rows;
}

const blank = (count: number): TeachingRow[] => Array.from({ length: count }, () => ({}));
