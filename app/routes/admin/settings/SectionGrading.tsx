import {
  scoreColumnNames,
  sectionMaxima,
  SETTINGS_LIMITS,
  type ReportSheetSettings,
} from "../../../../contract/settings";
import { Disclosure } from "~/components/ui/Disclosure";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field, inputClass } from "~/components/ui/Field";

/**
 * Each section's score maxima and grade scale on the report sheet view, as text while they are edited: a
 * maximum per score column, and a fixed number of grade rows (blank ones are left out), so that they work as
 * plain form fields without JavaScript.
 */

export const GRADE_ROWS = SETTINGS_LIMITS.grades;
const BAND_PARTS = ["grade", "min", "max", "remark"] as const;
type BandPart = (typeof BAND_PARTS)[number];
export type BandText = Record<BandPart, string>;

export interface SectionGradingState {
  /** Section -> column -> the maximum as typed. */
  maxima: Record<string, Record<string, string>>;
  /** Section -> its grade rows as typed, `GRADE_ROWS` of them. */
  bands: Record<string, BandText[]>;
}

// Field names carry the section and column as JSON: both are the school's own names, any characters allowed.
const MAXIMUM = "maximum:";
const BAND = "band:";
const maximumName = (section: string, column: string) => MAXIMUM + JSON.stringify([section, column]);
const bandName = (section: string, row: number, part: BandPart) => BAND + JSON.stringify([section, row, part]);

/** Ids of the fields and messages; errors are keyed by them. */
export const maximumId = (section: number, column: number) => `max-${section}-${column}`;
export const maximaTotalId = (section: number) => `maxima-${section}`;
export const bandId = (section: number, row: number, part: BandPart) => `band-${section}-${row}-${part}`;
export const gradesId = (section: number) => `grades-${section}`;

const blankBand = (): BandText => ({ grade: "", min: "", max: "", remark: "" });
const blankRows = () => Array.from({ length: GRADE_ROWS }, blankBand);
const isBlank = (band: BandText) => BAND_PARTS.every((part) => !band[part].trim());

export function initialGrading(sheet: ReportSheetSettings, sections: readonly string[]): SectionGradingState {
  return {
    maxima: Object.fromEntries(
      sections.map((section) => [
        section,
        Object.fromEntries(Object.entries(sheet.score_maxima[section] ?? {}).map(([c, max]) => [c, String(max)])),
      ]),
    ),
    bands: Object.fromEntries(
      sections.map((section) => {
        const rows = blankRows();
        (sheet.grade_scales[section] ?? []).slice(0, GRADE_ROWS).forEach((band, row) => {
          rows[row] = { grade: band.grade, min: String(band.min), max: String(band.max), remark: band.remark };
        });
        return [section, rows];
      }),
    ),
  };
}

function parseName(name: string, prefix: string): unknown[] | null {
  if (!name.startsWith(prefix)) return null;
  try {
    const parsed: unknown = JSON.parse(name.slice(prefix.length));
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function readGrading(formData: FormData): SectionGradingState {
  const state: SectionGradingState = { maxima: {}, bands: {} };
  for (const [name, value] of formData) {
    if (typeof value !== "string") continue;
    const maximum = parseName(name, MAXIMUM);
    if (maximum && typeof maximum[0] === "string" && typeof maximum[1] === "string") {
      (state.maxima[maximum[0]] ??= {})[maximum[1]] = value;
      continue;
    }
    const band = parseName(name, BAND);
    if (!band) continue;
    const [section, row, part] = band;
    if (typeof section !== "string" || !Number.isInteger(row) || !BAND_PARTS.includes(part as BandPart)) continue;
    const rows = (state.bands[section] ??= blankRows());
    if ((row as number) >= 0 && (row as number) < GRADE_ROWS) rows[row as number][part as BandPart] = value;
  }
  return state;
}

const numberOf = (text: string) => (text.trim() ? Number(text.trim()) : undefined);

/**
 * The maxima and grade scales to check and send, with where each sent band came from, so that a message
 * about the n-th sent band lands beside its row. A column without a typed maximum is left out (it takes its
 * default); a blank row is no band.
 */
export function gradingToSend(
  state: SectionGradingState,
  sections: readonly string[],
  columns: readonly string[],
): {
  score_maxima: Record<string, Record<string, number | undefined>>;
  grade_scales: Record<string, Record<BandPart, string | number | undefined>[]>;
  rowOf: Record<string, number[]>;
} {
  const rowOf: Record<string, number[]> = {};
  const grade_scales = Object.fromEntries(
    sections.map((section) => {
      const rows = (state.bands[section] ?? []).map((band, row) => ({ band, row })).filter((r) => !isBlank(r.band));
      rowOf[section] = rows.map((r) => r.row);
      return [
        section,
        rows.map(({ band }) => ({
          grade: band.grade,
          min: numberOf(band.min),
          max: numberOf(band.max),
          remark: band.remark,
        })),
      ];
    }),
  );
  const score_maxima = Object.fromEntries(
    sections.map((section) => {
      const typed = state.maxima[section] ?? {};
      return [
        section,
        Object.fromEntries(columns.filter((c) => c in typed).map((column) => [column, numberOf(typed[column])])),
      ];
    }),
  );
  return { score_maxima, grade_scales, rowOf };
}

/** The id of the field a message of the report sheet's `score_maxima` or `grade_scales` belongs beside. */
export function gradingErrorId(
  path: readonly (string | number)[],
  sections: readonly string[],
  columns: readonly string[],
  rowOf: Record<string, number[]>,
): string | null {
  const [part, section, key, field] = path;
  const s = sections.indexOf(String(section));
  if (s < 0) return null;
  if (part === "score_maxima") {
    return key === undefined ? maximaTotalId(s) : maximumId(s, columns.indexOf(String(key)));
  }
  if (part === "grade_scales") {
    const row = typeof key === "number" ? rowOf[String(section)]?.[key] : undefined;
    return row === undefined || !BAND_PARTS.includes(field as BandPart)
      ? gradesId(s)
      : bandId(s, row, field as BandPart);
  }
  return null;
}

/**
 * The id of the field an API message belongs beside, from its key (`report_sheet.grade_scales.{section}.{n}.max`);
 * section and column names may hold dots, so the key is matched against the school's own names.
 */
export function apiGradingErrorId(
  key: string,
  sections: readonly string[],
  columns: readonly string[],
  rowOf: Record<string, number[]>,
): string | null {
  for (const part of ["score_maxima", "grade_scales"]) {
    const prefix = `report_sheet.${part}.`;
    if (!key.startsWith(prefix)) continue;
    const rest = key.slice(prefix.length);
    const section = sections
      .filter((s) => rest === s || rest.startsWith(`${s}.`))
      .sort((a, b) => b.length - a.length)[0];
    if (section === undefined) return null;
    const tail = rest.slice(section.length + 1);
    if (!tail) return gradingErrorId([part, section], sections, columns, rowOf);
    if (part === "score_maxima") return gradingErrorId([part, section, tail], sections, columns, rowOf);
    const [row, field] = tail.split(".");
    return gradingErrorId([part, section, Number(row), field ?? ""], sections, columns, rowOf);
  }
  return null;
}

type Errors = Partial<Record<string, string[]>>;

/** One section's maxima and grade rows, in a <details> that opens itself when it holds a message. */
export function SectionGrading({
  section,
  index,
  sheet,
  state,
  errors,
}: {
  section: string;
  index: number;
  sheet: Pick<ReportSheetSettings, "exam_columns" | "mid_term_columns">;
  state: SectionGradingState;
  errors: Errors;
}) {
  const typed = state.maxima[section] ?? {};
  const valid = Object.fromEntries(
    Object.entries(typed).flatMap(([column, text]) => {
      const value = numberOf(text);
      return value !== undefined && Number.isInteger(value) ? [[column, value]] : [];
    }),
  );
  // A column added since the page was drawn shows the maximum it would take.
  const shown = sectionMaxima({ ...sheet, score_maxima: { [section]: valid } }, section);
  const columns = scoreColumnNames(sheet);
  const rows = state.bands[section] ?? blankRows();
  const prefix = [`max-${index}-`, `band-${index}-`, maximaTotalId(index), gradesId(index)];
  const hasErrors = Object.keys(errors).some((key) => prefix.some((p) => key.startsWith(p)) && errors[key]?.length);
  const totalErrors = errors[maximaTotalId(index)];
  const totalErrorId = `${maximaTotalId(index)}-error`;
  const gradeErrorId = `${gradesId(index)}-error`;

  return (
    <Disclosure
      summary={section}
      forceOpen={hasErrors}
      className="rounded-lg border border-slate-200 p-3"
      summaryClassName="min-h-11 cursor-pointer py-2 font-semibold text-brand-700"
    >
      <div className="mt-2 space-y-5">
        <fieldset className="space-y-2" aria-describedby={totalErrors?.length ? totalErrorId : undefined}>
          <legend className="text-sm font-semibold text-slate-800">{section} score maxima</legend>
          <p className="text-sm text-slate-600">The exam columns ({sheet.exam_columns.join(", ")}) add up to 100.</p>
          <ErrorList id={totalErrorId} errors={totalErrors} />
          <div className="grid grid-cols-3 gap-3">
            {columns.map((column, c) => {
              const exam = sheet.exam_columns.includes(column);
              return (
                <Field
                  key={column}
                  id={maximumId(index, c)}
                  label={exam ? column : `${column} (mid-term)`}
                  errors={errors[maximumId(index, c)]}
                  inputProps={{
                    name: maximumName(section, column),
                    defaultValue: typed[column] ?? String(shown[column] ?? ""),
                    inputMode: "numeric",
                    autoComplete: "off",
                    ...(exam && totalErrors?.length && !errors[maximumId(index, c)]
                      ? { "aria-invalid": true, "aria-describedby": totalErrorId }
                      : {}),
                  }}
                />
              );
            })}
          </div>
        </fieldset>

        <fieldset className="space-y-2" aria-describedby={errors[gradesId(index)]?.length ? gradeErrorId : undefined}>
          <legend className="text-sm font-semibold text-slate-800">{section} grade scale</legend>
          <p className="text-sm text-slate-600">
            Marks are percentages from 0 to 100, each covered by one grade. Leave a row blank to drop it.
          </p>
          <ErrorList id={gradeErrorId} errors={errors[gradesId(index)]} />
          <div
            aria-hidden="true"
            className="grid grid-cols-[minmax(0,1fr)_4rem_4rem] gap-x-2 text-sm font-semibold text-slate-700 sm:grid-cols-[6rem_4.5rem_4.5rem_minmax(0,1fr)]"
          >
            <span>Grade</span>
            <span>From</span>
            <span>To</span>
            <span className="hidden sm:block">Remark</span>
          </div>
          <ol className="space-y-3">
            {rows.map((band, row) => (
              <li
                key={row}
                className="grid grid-cols-[minmax(0,1fr)_4rem_4rem] gap-2 border-t border-slate-100 pt-3 first:border-t-0 first:pt-0 sm:grid-cols-[6rem_4.5rem_4.5rem_minmax(0,1fr)]"
              >
                {BAND_PARTS.map((part) => {
                  const id = bandId(index, row, part);
                  const partErrors = errors[id];
                  const label = `${section} grade ${row + 1}${part === "grade" ? "" : part === "min" ? " from" : part === "max" ? " to" : " remark"}`;
                  return (
                    <div key={part} className={part === "remark" ? "col-span-3 sm:col-span-1" : undefined}>
                      <input
                        id={id}
                        name={bandName(section, row, part)}
                        defaultValue={band[part]}
                        aria-label={label}
                        placeholder={part === "remark" ? "Remark" : undefined}
                        inputMode={part === "min" || part === "max" ? "numeric" : undefined}
                        autoComplete="off"
                        className={inputClass}
                        aria-invalid={partErrors?.length ? true : undefined}
                        aria-describedby={partErrors?.length ? `${id}-error` : undefined}
                      />
                      <ErrorList id={`${id}-error`} errors={partErrors} />
                    </div>
                  );
                })}
              </li>
            ))}
          </ol>
        </fieldset>
      </div>
    </Disclosure>
  );
}
