import { Form } from "@remix-run/react";
import { useState, type ClipboardEvent, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { gradeFor, ordinal, percentage, subjectTotal } from "../../../contract/grading";
import { readScore, RESULTS_MESSAGES as M, type ScoreSheet, type Scores } from "../../../contract/results";
import { Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { EmptyState } from "~/components/ui/EmptyState";
import { ErrorList } from "~/components/ui/ErrorList";
import { TableScroll } from "~/components/ui/TableScroll";
import { usePending, type FormState } from "~/lib/form-state";
import { cellName } from "~/lib/score-cells";
import { moveFor, pastedBlock } from "./grid-keys";

const cellId = (row: number, column: number) => `score-${row}-${column}`;

const cellClass =
  "block w-full min-w-[4.5rem] min-h-11 rounded-lg border border-slate-300 bg-white px-2 py-2 text-right text-base tabular-nums text-slate-900 aria-[invalid=true]:border-red-600";
const stickyCell = "sticky left-0 z-10 bg-white";

/** What a row shows as typed: its total and grade from the cells that hold a score (a bad cell counts as none). */
function workedOut(sheet: ScoreSheet, cells: (string | undefined)[]) {
  const scores: Scores = Object.fromEntries(
    sheet.columns.map((column, c) => {
      const read = readScore(cells[c] ?? "", column.max);
      return [column.name, "score" in read ? read.score : null];
    }),
  );
  const total = subjectTotal(scores, sheet.columns);
  const band = total === null ? null : gradeFor(percentage(total, sheet.columns), sheet.scale);
  return { total, grade: band?.grade ?? null };
}

/**
 * The score sheet of one class and subject as one form: a row per student, an input per score column, then the
 * total, grade and subject position. Without JavaScript those come from the last save; with it, the total and
 * grade follow what is typed, and the keyboard and a pasted column move through the cells (grid-keys.ts).
 */
export function ScoreGrid({
  sheet,
  form,
  readOnly,
}: {
  sheet: ScoreSheet;
  form: FormState<string>;
  readOnly: boolean;
}) {
  const hydrated = useHydrated();
  const pending = usePending({ intent: "save" });
  const columns = sheet.columns;
  // What each cell holds while typing, by student then column; the grid is drawn afresh with the form's key.
  const [typed, setTyped] = useState<Record<string, (string | undefined)[]>>({});
  const valueOf = (row: number, column: number) => {
    const student = sheet.rows[row].student_id;
    return typed[student]?.[column] ?? form.field(cellName(student, columns[column].name)).defaultValue ?? "";
  };
  const keep = (row: number, column: number, value: string) =>
    setTyped((now) => {
      const student = sheet.rows[row].student_id;
      const cells = columns.map((_, c) => (c === column ? value : (now[student]?.[c] ?? valueOf(row, c))));
      return { ...now, [student]: cells };
    });

  const cellOf = (target: EventTarget) => {
    if (!(target instanceof HTMLInputElement)) return null;
    const row = Number(target.dataset.row);
    const column = Number(target.dataset.column);
    return Number.isInteger(row) && Number.isInteger(column) ? { input: target, row, column } : null;
  };
  const focusCell = (row: number, column: number) => {
    const input = document.getElementById(cellId(row, column));
    if (input instanceof HTMLInputElement) {
      input.focus();
      input.select();
    }
  };

  const onInput = (event: FormEvent<HTMLTableSectionElement>) => {
    const cell = cellOf(event.target);
    if (cell) keep(cell.row, cell.column, cell.input.value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const cell = cellOf(event.target);
    // A key that ends a composition (an on-screen or IME keyboard) is the keyboard's, not a move.
    if (!cell || event.altKey || event.ctrlKey || event.metaKey || event.nativeEvent.isComposing) return;
    const { input } = cell;
    const move = moveFor(
      event.key,
      { start: input.selectionStart, end: input.selectionEnd, length: input.value.length },
      event.shiftKey,
    );
    if (!move) return;
    event.preventDefault();
    let row = cell.row + move.rows;
    let column = cell.column + move.columns;
    // Enter on the last row goes on at the top of the next column, as a column is filled in one go.
    if (event.key === "Enter" && row >= sheet.rows.length && column + 1 < columns.length) {
      row = 0;
      column += 1;
    }
    if (row >= 0 && row < sheet.rows.length && column >= 0 && column < columns.length) focusCell(row, column);
  };
  const onPaste = (event: ClipboardEvent<HTMLTableSectionElement>) => {
    const cell = cellOf(event.target);
    const block = cell && pastedBlock(event.clipboardData.getData("text/plain"));
    if (!cell || !block) return;
    event.preventDefault();
    block.forEach((values, r) =>
      values.forEach((value, c) => {
        const input = document.getElementById(cellId(cell.row + r, cell.column + c));
        if (!(input instanceof HTMLInputElement)) return;
        input.value = value;
        keep(cell.row + r, cell.column + c, value);
      }),
    );
  };

  const table = (
    <TableScroll label={M.gridLabel(sheet.subject, sheet.class_name)}>
      <table className="w-full border-separate border-spacing-0 text-left text-sm">
        <thead>
          <tr className="text-slate-700">
            <th scope="col" className={`${stickyCell} border-b border-slate-200 py-2 pr-3`}>
              {M.student}
            </th>
            {columns.map((column) => (
              <th key={column.name} scope="col" className="whitespace-nowrap border-b border-slate-200 px-1 py-2">
                {M.columnHeader(column.name, column.max)}
              </th>
            ))}
            <th scope="col" className="border-b border-slate-200 px-2 py-2 text-right">
              {M.total}
            </th>
            <th scope="col" className="border-b border-slate-200 px-2 py-2">
              {M.grade}
            </th>
            <th scope="col" className="border-b border-slate-200 px-2 py-2 text-right">
              {M.position}
            </th>
          </tr>
        </thead>
        <tbody
          onInput={readOnly ? undefined : onInput}
          onKeyDown={readOnly ? undefined : onKeyDown}
          onPaste={readOnly ? undefined : onPaste}
        >
          {sheet.rows.map((student, r) => {
            const live = hydrated && !readOnly && typed[student.student_id];
            const figures = live ? workedOut(sheet, typed[student.student_id]) : student;
            return (
              <tr key={student.student_id} data-testid="score-row">
                <th
                  scope="row"
                  className={`${stickyCell} max-w-[9rem] border-b border-slate-100 py-2 pr-3 align-top font-normal`}
                >
                  <span className="block break-words font-semibold text-slate-900">{student.name}</span>
                  {student.admission ? <span className="block text-xs text-slate-600">{student.admission}</span> : null}
                </th>
                {columns.map((column, c) => {
                  const field = form.field(cellName(student.student_id, column.name));
                  const id = cellId(r, c);
                  const errorId = `${id}-error`;
                  return (
                    <td key={column.name} className="border-b border-slate-100 px-1 py-2 align-top">
                      {readOnly ? (
                        <span className="block px-2 text-right tabular-nums">{field.defaultValue ?? ""}</span>
                      ) : (
                        <>
                          <input
                            id={id}
                            name={field.name}
                            type="text"
                            inputMode="decimal"
                            autoComplete="off"
                            defaultValue={field.defaultValue ?? ""}
                            aria-label={M.cellLabel(column.name, student.name)}
                            aria-invalid={field.errors ? true : undefined}
                            aria-describedby={field.errors ? errorId : undefined}
                            data-row={r}
                            data-column={c}
                            className={cellClass}
                          />
                          <ErrorList id={errorId} errors={field.errors} />
                        </>
                      )}
                    </td>
                  );
                })}
                <td
                  className="border-b border-slate-100 px-2 py-2 text-right align-top font-semibold tabular-nums"
                  data-testid="row-total"
                >
                  {figures.total ?? "—"}
                </td>
                <td className="border-b border-slate-100 px-2 py-2 align-top" data-testid="row-grade">
                  {figures.grade ?? "—"}
                </td>
                <td className="border-b border-slate-100 px-2 py-2 text-right align-top" data-testid="row-position">
                  {student.position ? ordinal(student.position) : "—"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );

  if (readOnly) return table;
  return (
    <Form method="post" {...form.props} className="space-y-3">
      <input type="hidden" name="intent" value="save" />
      <ErrorList id={form.errorId} errors={form.errors} />
      {table}
      <p className="text-sm text-slate-600">{hydrated ? M.keyboardHint : M.totalsAfterSave}</p>
      <Button pending={pending} pendingLabel={M.saving}>
        {M.saveScores}
      </Button>
    </Form>
  );
}

/** The sheet's card: what it is, a notice about it (published, reopened), then its grid, or no students. */
export function ScoreSheetPanel({
  sheet,
  form,
  notice,
}: {
  sheet: ScoreSheet;
  form: FormState<string> & { key: string };
  notice: ReactNode;
}) {
  return (
    <Panel
      id="score-sheet"
      title={`${sheet.subject} · ${sheet.class_name} · ${sheet.term} ${sheet.session} · ${M.resultKinds[sheet.result]}`}
    >
      {notice ? <Banner kind="info">{notice}</Banner> : null}
      {sheet.rows.length ? (
        <ScoreGrid key={form.key} sheet={sheet} form={form} readOnly={sheet.locked} />
      ) : (
        <EmptyState title={M.noStudents} />
      )}
    </Panel>
  );
}
