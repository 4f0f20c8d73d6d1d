import { describe, expect, it } from "vitest";
import { moveFor, pastedBlock } from "../../app/components/results/grid-keys";
import { cellName, parseCellName } from "../../app/lib/score-cells";

/** The score grid's keys, its pasted blocks and its cells' field names. */
describe("score grid", () => {
  const caret = (start: number, end: number, length: number) => ({ start, end, length });

  it("moves along the column with Enter (Shift+Enter up) and the up and down arrows", () => {
    expect(moveFor("Enter", caret(2, 2, 2))).toEqual({ rows: 1, columns: 0 });
    expect(moveFor("Enter", caret(0, 0, 0), true)).toEqual({ rows: -1, columns: 0 });
    expect(moveFor("ArrowDown", caret(1, 1, 2))).toEqual({ rows: 1, columns: 0 });
    expect(moveFor("ArrowUp", caret(1, 1, 2))).toEqual({ rows: -1, columns: 0 });
    expect(moveFor("Tab", caret(0, 0, 0))).toBeNull();
    expect(moveFor("5", caret(0, 0, 0))).toBeNull();
  });

  it("leaves a cell sideways only with the caret at the edge of what is typed", () => {
    expect(moveFor("ArrowLeft", caret(0, 0, 2))).toEqual({ rows: 0, columns: -1 });
    expect(moveFor("ArrowLeft", caret(1, 1, 2))).toBeNull();
    expect(moveFor("ArrowRight", caret(2, 2, 2))).toEqual({ rows: 0, columns: 1 });
    expect(moveFor("ArrowRight", caret(1, 1, 2))).toBeNull();
    // A selection is collapsed by the arrow first, as in a spreadsheet's cell being edited.
    expect(moveFor("ArrowLeft", caret(0, 2, 2))).toBeNull();
    expect(moveFor("ArrowRight", caret(0, 2, 2))).toBeNull();
    expect(moveFor("ArrowLeft", caret(0, 0, 0))).toEqual({ rows: 0, columns: -1 });
  });

  it("reads a pasted column or block, dropping the trailing blank lines spreadsheets add", () => {
    expect(pastedBlock("52\r\n47.5\r\n30\r\n")).toEqual([["52"], ["47.5"], ["30"]]);
    expect(pastedBlock("18\t17\t52\n20\t\t47\n")).toEqual([
      ["18", "17", "52"],
      ["20", "", "47"],
    ]);
    expect(pastedBlock("12\n\n14")).toEqual([["12"], [""], ["14"]]);
    // One value is pasted as usual.
    expect(pastedBlock("12")).toBeNull();
    expect(pastedBlock("12\n")).toBeNull();
  });

  it("names a cell by the student's id and the column's own name, whatever it holds", () => {
    expect(parseCellName(cellName(12, "1st CA"))).toEqual({ studentId: 12, column: "1st CA" });
    expect(parseCellName(cellName(7, "Test: 2 (oral)"))).toEqual({ studentId: 7, column: "Test: 2 (oral)" });
    expect(parseCellName("intent")).toBeNull();
    expect(parseCellName("cell:abc:Exam")).toBeNull();
  });
});
