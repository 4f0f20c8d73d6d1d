/**
 * The score grid's keyboard and paste, as a spreadsheet behaves: Enter and the up and down arrows move along the
 * column, the left and right arrows to the next cell once the caret is at the edge of what is typed; a block
 * copied from a spreadsheet (rows by newlines, columns by tabs) fills the cells from the one pasted into.
 */

export interface Move {
  rows: number;
  columns: number;
}

/** Where a key moves from a cell, or null when it stays (and the key does what it does in a text box). */
export function moveFor(
  key: string,
  caret: { start: number | null; end: number | null; length: number },
  shift = false,
): Move | null {
  const collapsed = caret.start !== null && caret.start === caret.end;
  switch (key) {
    case "Enter":
      return { rows: shift ? -1 : 1, columns: 0 };
    case "ArrowDown":
      return { rows: 1, columns: 0 };
    case "ArrowUp":
      return { rows: -1, columns: 0 };
    case "ArrowLeft":
      return collapsed && caret.start === 0 ? { rows: 0, columns: -1 } : null;
    case "ArrowRight":
      return collapsed && caret.end === caret.length ? { rows: 0, columns: 1 } : null;
    default:
      return null;
  }
}

/**
 * The cells of a pasted block, rows of columns, or null for a single value (pasted as usual). Trailing blank
 * lines, which spreadsheets add, are dropped; a blank cell inside the block stays blank.
 */
export function pastedBlock(text: string): string[][] | null {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  const block = lines.map((line) => line.split("\t").map((cell) => cell.trim()));
  return block.length > 1 || (block[0]?.length ?? 0) > 1 ? block : null;
}
