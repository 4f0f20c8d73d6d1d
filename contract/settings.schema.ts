import { z } from "zod";
import {
  duplicateIndexes,
  isSession,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES as M,
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

export const reportSheetSchema = z.object(
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
  },
  { invalid_type_error: M.mustBeObject },
);

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
