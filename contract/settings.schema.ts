import { z } from "zod";
import {
  duplicateIndexes,
  isSession,
  POSITION_TIES,
  sectionMaxima,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES as M,
  type GradeBand,
  type PositionTies,
  type SchoolSettingsInput,
} from "./settings";

/**
 * The zod rules of school settings, apart from contract/settings.ts so that the
 * settings screens share its names, limits and messages without shipping zod to the browser.
 */

export const settingName = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: required })
    .trim()
    .min(1, required)
    .max(SETTINGS_LIMITS.nameMax, M.tooLong);

function uniqueList<T extends z.ZodType<string, z.ZodTypeDef, unknown>>(
  item: T,
  duplicate: string,
  max: number,
  required?: string,
) {
  let list = z.array(item, { required_error: required ?? M.mustBeList, invalid_type_error: M.mustBeList });
  if (required) list = list.min(1, required);
  return list.max(max, M.tooMany(max)).superRefine((values, ctx) => {
    for (const index of duplicateIndexes(values))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index], message: duplicate });
  });
}

const yesNo = z.boolean({ required_error: M.yesOrNo, invalid_type_error: M.yesOrNo });
const subjectList = uniqueList(settingName(M.subjectRequired), M.subjectDuplicate, SETTINGS_LIMITS.subjects);
const inputList = uniqueList(settingName(M.inputRequired), M.inputDuplicate, SETTINGS_LIMITS.columns);
const columnList = uniqueList(settingName(M.columnRequired), M.columnDuplicate, SETTINGS_LIMITS.columns);

const wholeNumber = (min: number, message: string) =>
  z.number({ required_error: message, invalid_type_error: message }).int(message).min(min, message).max(100, message);

const gradeBandSchema = z.object(
  {
    grade: settingName(M.gradeRequired),
    min: wholeNumber(0, M.markInvalid),
    max: wholeNumber(0, M.markInvalid),
    remark: settingName(M.remarkRequired),
  },
  { invalid_type_error: M.mustBeObject },
);

/** Section -> value; a report sheet stored before these existed has none, and each section takes its defaults. */
const bySection = <T extends z.ZodTypeAny>(value: T) =>
  z.record(z.string(), value, { invalid_type_error: M.mustBeObject }).default({});

type Issue = { path: (string | number)[]; message: string };

/**
 * Where a section's bands leave a gap or overlap in 0 to 100: each named on the band above the gap or overlap
 * (its highest mark), or on the top band's highest or the bottom band's lowest mark at the ends.
 */
export function gradeScaleIssues(bands: readonly GradeBand[]): Issue[] {
  const issues: Issue[] = [];
  for (const index of duplicateIndexes(bands.map((band) => band.grade)))
    issues.push({ path: [index, "grade"], message: M.gradeDuplicate });
  bands.forEach((band, index) => {
    if (band.min > band.max) issues.push({ path: [index, "min"], message: M.minAboveMax });
  });
  const sorted = bands
    .map((band, index) => ({ band, index }))
    .filter(({ band }) => band.min <= band.max)
    .sort((a, b) => b.band.min - a.band.min || b.band.max - a.band.max);
  if (!sorted.length) return issues;
  const top = sorted[0];
  if (top.band.max < 100) issues.push({ path: [top.index, "max"], message: M.gradeGap(top.band.max + 1, 100) });
  for (let i = 1; i < sorted.length; i++) {
    const upper = sorted[i - 1].band;
    const { band, index } = sorted[i];
    if (band.max >= upper.min) issues.push({ path: [index, "max"], message: M.gradeOverlap(upper.grade) });
    else if (band.max < upper.min - 1)
      issues.push({ path: [index, "max"], message: M.gradeGap(band.max + 1, upper.min - 1) });
  }
  const bottom = sorted[sorted.length - 1];
  if (bottom.band.min > 0) issues.push({ path: [bottom.index, "min"], message: M.gradeGap(0, bottom.band.min - 1) });
  return issues;
}

/**
 * The report sheet. Cross-field rules: each section's exam-column maxima add up to 100, its grade bands cover 0
 * to 100 with no gap or overlap. Stored, each section's maxima are those of the sheet's current columns (a
 * column without one takes its default) and its bands run highest first.
 */
export const reportSheetSchema = z
  .object(
    {
      add_position: yesNo,
      current_term: z.string({ required_error: M.currentTermMissing, invalid_type_error: M.currentTermMissing }).trim(),
      include_attendance: yesNo,
      enable_extra_inputs: yesNo,
      extra_inputs: inputList,
      enable_child_development: yesNo,
      child_development_inputs: inputList,
      mid_term_columns: columnList,
      exam_columns: columnList,
      school_signature: yesNo,
      score_maxima: bySection(
        z.record(z.string(), wholeNumber(1, M.maximumInvalid), { invalid_type_error: M.mustBeObject }),
      ),
      grade_scales: bySection(
        z
          .array(gradeBandSchema, { invalid_type_error: M.mustBeList })
          .min(1, M.gradesRequired)
          .max(SETTINGS_LIMITS.grades, M.tooMany(SETTINGS_LIMITS.grades)),
      ),
      position_ties: z
        .enum(POSITION_TIES as [PositionTies, ...PositionTies[]], { errorMap: () => ({ message: M.tiesInvalid }) })
        .default("standard"),
    },
    { invalid_type_error: M.mustBeObject },
  )
  .superRefine((sheet, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
    for (const section of Object.keys(sheet.score_maxima)) {
      const maxima = sectionMaxima(sheet, section);
      const total = sheet.exam_columns.reduce((sum, column) => sum + maxima[column], 0);
      if (total !== 100) issue(["score_maxima", section], M.examMaximaTotal(total));
    }
    for (const [section, bands] of Object.entries(sheet.grade_scales)) {
      for (const { path, message } of gradeScaleIssues(bands)) issue(["grade_scales", section, ...path], message);
    }
  })
  .transform((sheet) => ({
    ...sheet,
    score_maxima: Object.fromEntries(
      Object.keys(sheet.score_maxima).map((section) => [section, sectionMaxima(sheet, section)]),
    ),
    grade_scales: Object.fromEntries(
      Object.entries(sheet.grade_scales).map(([section, bands]) => [section, [...bands].sort((a, b) => b.min - a.min)]),
    ),
  }));

export const sectionsSchema = uniqueList(
  settingName(M.sectionRequired),
  M.sectionDuplicate,
  SETTINGS_LIMITS.sections,
  M.sectionsRequired,
);

const classSchema = z.object(
  {
    class_name: settingName(M.classRequired),
    section: z.string({ required_error: M.classSectionMissing, invalid_type_error: M.classSectionMissing }).trim(),
    subjects: subjectList.optional(),
    // Empty: the class is its own level.
    level: z
      .string({ invalid_type_error: M.levelInvalid })
      .trim()
      .max(SETTINGS_LIMITS.nameMax, M.tooLong)
      .optional()
      .transform((level) => level || undefined),
  },
  { invalid_type_error: M.mustBeObject },
);

/**
 * A school's whole settings as they are written: what was sent, laid over what is stored. Cross-field
 * rules: class names unique in the school, every class and subject list in an existing section, the
 * report sheet's term one of the school's terms.
 */
export const schoolSettingsSchema = z
  .object(
    {
      sections: sectionsSchema,
      classes: z
        .array(classSchema, { invalid_type_error: M.mustBeList })
        .max(SETTINGS_LIMITS.classes, M.tooMany(SETTINGS_LIMITS.classes)),
      subjects_by_section: z.record(z.string(), subjectList, { invalid_type_error: M.mustBeObject }),
      sessions: uniqueList(
        z.string({ invalid_type_error: M.sessionFormat }).trim().refine(isSession, M.sessionFormat),
        M.sessionDuplicate,
        SETTINGS_LIMITS.sessions,
        M.sessionsRequired,
      ).nullable(),
      terms: uniqueList(settingName(M.termRequired), M.termDuplicate, SETTINGS_LIMITS.terms, M.termsRequired),
      report_sheet: reportSheetSchema,
      other_settings: z.record(z.string(), z.unknown(), { invalid_type_error: M.mustBeObject }),
    },
    { invalid_type_error: M.settingsRequired, required_error: M.settingsRequired },
  )
  .superRefine((settings, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
    for (const index of duplicateIndexes(settings.classes.map((c) => c.class_name)))
      issue(["classes", index, "class_name"], M.classDuplicate);
    settings.classes.forEach((c, index) => {
      if (!settings.sections.includes(c.section)) issue(["classes", index, "section"], M.classSectionMissing);
    });
    for (const section of Object.keys(settings.subjects_by_section)) {
      if (!settings.sections.includes(section)) issue(["subjects_by_section", section], M.subjectsSectionMissing);
    }
    const { score_maxima, grade_scales } = settings.report_sheet;
    for (const [part, sections] of Object.entries({ score_maxima, grade_scales })) {
      for (const section of Object.keys(sections)) {
        if (!settings.sections.includes(section)) issue(["report_sheet", part, section], M.resultsSectionMissing);
      }
    }
    if (!settings.terms.includes(settings.report_sheet.current_term))
      issue(["report_sheet", "current_term"], M.currentTermMissing);
    const session = settings.other_settings.current_session;
    if (session !== undefined && (typeof session !== "string" || !isSession(session))) {
      issue(["other_settings", "current_session"], M.sessionFormat);
    }
  });

/**
 * The schema's output is contract/settings.ts's SchoolSettingsInput, declared there without zod so that
 * the plain contract never imports this file; a change to either that the other lacks fails to compile.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- never used: declaring it is the compile-time check
type SchemaMatchesInput = Holds<Same<z.infer<typeof schoolSettingsSchema>, SchoolSettingsInput>>;
