import { currentTerm, sessionOptions, TERMS, type SchoolTerm } from "./calendar";
import {
  DEFAULT_CLASSES_BY_SECTION,
  DEFAULT_SECTIONS,
  DEFAULT_SUBJECTS_BY_SECTION,
  NIGERIAN_SUBJECTS,
} from "./subjects";

/** School settings: classes with their section and subjects, sessions, terms, report sheet. */
export interface SchoolClass {
  class_name: string;
  section: string;
  subjects: string[];
  /**
   * The level the class belongs to, shared by the arms of one class (JSS1A and JSS1B in JSS1) for positions and
   * reports across arms. Left out, or empty, the class is its own level; the API's class lists always fill it.
   */
  level?: string;
}

/** The level of a class (docs/product.md, Classes by session): its own name unless the school gave it one. */
export const levelOf = (c: Pick<SchoolClass, "class_name" | "level">): string => c.level?.trim() || c.class_name;

/**
 * One band of a section's grade scale: a percentage from `min` to `max` (whole marks) reads as `grade`, with its
 * `remark`. The grade is free text: WAEC's A1 to F9, or a nursery's words (Excellent, Very Good, Good).
 */
export interface GradeBand {
  grade: string;
  min: number;
  max: number;
  remark: string;
}

/** How tied positions are numbered: standard competition 1, 2, 2, 4, or dense 1, 2, 2, 3. */
export type PositionTies = "standard" | "dense";
export const POSITION_TIES: readonly PositionTies[] = ["standard", "dense"];
export const POSITION_TIE_LABELS: Record<PositionTies, string> = {
  standard: "Standard (1, 1, 3)",
  dense: "Dense (1, 1, 2)",
};

export interface ReportSheetSettings {
  add_position: boolean;
  current_term: string;
  include_attendance: boolean;
  enable_extra_inputs: boolean;
  extra_inputs: string[];
  enable_child_development: boolean;
  child_development_inputs: string[];
  mid_term_columns: string[];
  exam_columns: string[];
  school_signature: boolean;
  /**
   * Section -> score column -> the column's maximum (a whole number, 1 to 100); the exam columns' maxima add up
   * to 100. A section or column left out takes `defaultMaxima`; the answers of GET /school-settings fill them.
   */
  score_maxima: Record<string, Record<string, number>>;
  /** Section -> its grade bands, highest first, covering 0 to 100; a section left out has `DEFAULT_GRADE_SCALE`. */
  grade_scales: Record<string, GradeBand[]>;
  position_ties: PositionTies;
}

export interface SchoolSettings {
  classes: SchoolClass[];
  sections: string[];
  classes_by_section: Record<string, string[]>;
  subjects_by_section: Record<string, string[]>;
  sessions: string[];
  terms: string[];
  report_sheet: ReportSheetSettings;
  other_settings: Record<string, unknown>;
  /**
   * The term the school set as current on its report sheet, or null while it has not: `report_sheet`
   * then shows the month's term, and each screen works its own default out from the month.
   */
  configured_term: string | null;
  /**
   * In the answers of GET and POST /school-settings: the school's current term and session and those a new
   * timetable starts on, from the term calendar, else the settings, else the month (contract/calendar.ts).
   */
  school_term?: SchoolTerm;
}

/** A class as it is sent: without subjects it takes its section's. */
export type ClassInput = Omit<SchoolClass, "subjects"> & { subjects?: string[] };

/**
 * A school's whole settings as they are stored and checked (schoolSettingsSchema's output, which
 * contract/settings.schema.ts holds to this type): what the school saved, laid over the defaults.
 */
export interface SchoolSettingsInput {
  sections: string[];
  classes: ClassInput[];
  subjects_by_section: Record<string, string[]>;
  /** null: generated around today (sessionOptions) rather than fixed by the school. */
  sessions: string[] | null;
  terms: string[];
  report_sheet: ReportSheetSettings;
  other_settings: Record<string, unknown>;
}

/** A class that keeps its students and timetables under a new name. */
export interface ClassRename {
  from: string;
  to: string;
}

/**
 * The body of POST /school-settings: any of the parts; the parts left out keep their current value.
 * `class_renames` (optional) says which of the sent classes are old ones under a new name: their
 * students and timetables move with them, in the same write.
 */
export interface SchoolSettingsPayload {
  school_settings: Partial<
    Omit<SchoolSettings, "classes_by_section" | "classes" | "configured_term" | "school_term">
  > & {
    classes?: ClassInput[];
  };
  class_renames?: ClassRename[];
}

export interface AdminSettingsData {
  classes: SchoolClass[];
}

/** When settings cannot be loaded, every screen offers these (spelt SS, never SSS). */
export const FALLBACK_CLASSES = ["JSS1", "JSS2", "JSS3", "SS1", "SS2", "SS3"] as const;

export function fallbackOptions(today: Date) {
  return {
    classes: FALLBACK_CLASSES.map((class_name) => ({ class_name, section: "", subjects: [] as string[] })),
    subjects: [...NIGERIAN_SUBJECTS],
    sessions: sessionOptions(today),
    terms: [...TERMS],
  };
}

export const SETTINGS_LIMITS = {
  nameMax: 80,
  sections: 20,
  classes: 200,
  subjects: 150,
  columns: 20,
  sessions: 20,
  terms: 6,
  grades: 12,
} as const;

/** Validation messages of the settings screens and API; the product gives none (recorded in docs/decisions.md). */
/**
 * The words of the settings' lists (classes, subjects, report inputs and columns) as their entries are added: apart
 * from SETTINGS_MESSAGES, so that a settings page's script carries these and not every message of the settings.
 */
export const SETTINGS_LIST_MESSAGES = {
  classRequired: "Class name is required",
  classDuplicate: "Class names must be unique",
  subjectRequired: "Subject name is required",
  subjectDuplicate: "Subjects must be unique",
  inputRequired: "Input name is required",
  inputDuplicate: "Input names must be unique",
  columnRequired: "Column name is required",
  columnDuplicate: "Column names must be unique",
  tooLong: `Keep names to ${SETTINGS_LIMITS.nameMax} characters or fewer`,
  tooMany: (max: number) => `At most ${max} entries are allowed`,
} as const;

export const SETTINGS_MESSAGES = {
  ...SETTINGS_LIST_MESSAGES,
  settingsRequired: "School settings are required",
  sectionsRequired: "At least one section is required",
  sectionRequired: "Section name is required",
  sectionDuplicate: "Section names must be unique",
  levelInvalid: "A level is a name, like JSS1",
  classSectionMissing: "Choose one of the school's sections",
  subjectsSectionMissing: "Subjects can only be set for one of the school's sections",
  sessionsRequired: "At least one session is required",
  sessionFormat: "A session looks like 2025/2026",
  sessionDuplicate: "Sessions must be unique",
  termsRequired: "At least one term is required",
  termRequired: "Term name is required",
  termDuplicate: "Terms must be unique",
  currentTermMissing: "Choose one of the school's terms",
  yesOrNo: "Choose Yes or No",
  mustBeList: "Must be a list",
  mustBeObject: "Must be an object",
  sectionNotFound: "Section not found",
  renameUnknown: "Each renamed class must be one of the school's classes, renamed to one of the classes sent",
  maximumInvalid: "A maximum is a whole number from 1 to 100",
  examMaximaTotal: (total: number) => `The exam columns' maxima add up to ${total}; they must add up to 100`,
  markInvalid: "A mark is a whole number from 0 to 100",
  gradeRequired: "Grade is required",
  gradeDuplicate: "Grades must be unique",
  remarkRequired: "Remark is required",
  gradesRequired: "At least one grade is required",
  minAboveMax: "The lowest mark must not be above the highest",
  gradeGap: (from: number, to: number) => `No grade covers ${from === to ? from : `${from} to ${to}`}`,
  gradeOverlap: (grade: string) => `Overlaps ${grade}`,
  tiesInvalid: "Choose how tied positions are numbered",
  resultsSectionMissing: "Maxima and grades can only be set for one of the school's sections",
} as const;

/** Indexes of entries that repeat an earlier one, compared without case or surrounding spaces. */
export function duplicateIndexes(values: readonly string[]): number[] {
  const seen = new Set<string>();
  const repeats: number[] = [];
  values.forEach((value, index) => {
    const key = value.trim().toLowerCase();
    if (seen.has(key)) repeats.push(index);
    seen.add(key);
  });
  return repeats;
}

export const includesName = (values: readonly string[], name: string) =>
  values.some((value) => value.trim().toLowerCase() === name.trim().toLowerCase());

const SESSION_PATTERN = /^(\d{4})\/(\d{4})$/;
export const isSession = (value: string) => {
  const match = SESSION_PATTERN.exec(value);
  return Boolean(match && Number(match[2]) === Number(match[1]) + 1);
};

/** The WAEC grade bands, each with its remark: every section's scale until the school sets its own. */
export const DEFAULT_GRADE_SCALE: readonly Readonly<GradeBand>[] = [
  { grade: "A1", min: 75, max: 100, remark: "Excellent" },
  { grade: "B2", min: 70, max: 74, remark: "Very Good" },
  { grade: "B3", min: 65, max: 69, remark: "Good" },
  { grade: "C4", min: 60, max: 64, remark: "Credit" },
  { grade: "C5", min: 55, max: 59, remark: "Credit" },
  { grade: "C6", min: 50, max: 54, remark: "Credit" },
  { grade: "D7", min: 45, max: 49, remark: "Pass" },
  { grade: "E8", min: 40, max: 44, remark: "Pass" },
  { grade: "F9", min: 0, max: 39, remark: "Fail" },
];

type ScoreColumnLists = Pick<ReportSheetSettings, "exam_columns" | "mid_term_columns">;

/** Every score column of the report sheet, the exam columns first, each once. */
export const scoreColumnNames = (sheet: ScoreColumnLists) => [
  ...new Set([...sheet.exam_columns, ...sheet.mid_term_columns]),
];

/** `total` shared among the columns in whole marks, the first columns taking the odd ones. */
function share(total: number, columns: readonly string[]): Record<string, number> {
  return Object.fromEntries(
    columns.map((column, index) => [
      column,
      Math.floor(total / columns.length) + (index < total % columns.length ? 1 : 0),
    ]),
  );
}

/**
 * The maxima a section has until the school sets its own: the exam columns share 100 — an "Exam" column takes 60
 * and the others share 40 (1st CA 20, 2nd CA 20, Exam 60; CA 40, Exam 60), or with no "Exam" column they share
 * 100. A column only on the mid-term result has 20, as a CA has.
 */
export function defaultMaxima(sheet: ScoreColumnLists): Record<string, number> {
  const exam = sheet.exam_columns.find((column) => column.trim().toLowerCase() === "exam");
  const sharing = sheet.exam_columns.filter((column) => column !== exam);
  const examShare = exam === undefined ? 0 : sharing.length ? 60 : 100;
  const maxima = share(100 - examShare, sharing);
  if (exam !== undefined) maxima[exam] = examShare;
  for (const column of sheet.mid_term_columns) maxima[column] ??= 20;
  return maxima;
}

/**
 * A section's maximum for each of the report sheet's score columns: the school's; an exam column it has not set
 * (one just added) shares what the set ones leave of 100; otherwise the default.
 */
export function sectionMaxima(
  sheet: ScoreColumnLists & Partial<Pick<ReportSheetSettings, "score_maxima">>,
  section: string,
): Record<string, number> {
  const saved = sheet.score_maxima?.[section] ?? {};
  const unset = sheet.exam_columns.filter((column) => saved[column] === undefined);
  const left = sheet.exam_columns.reduce((rest, column) => rest - (saved[column] ?? 0), 100);
  const shares = unset.length < sheet.exam_columns.length && left >= unset.length ? share(left, unset) : {};
  const defaults = defaultMaxima(sheet);
  return Object.fromEntries(
    scoreColumnNames(sheet).map((column) => [column, saved[column] ?? shares[column] ?? defaults[column]]),
  );
}

/** A section's grade bands, highest first: the school's, else the WAEC bands. */
export const sectionGradeScale = (
  sheet: Partial<Pick<ReportSheetSettings, "grade_scales">>,
  section: string,
): GradeBand[] => (sheet.grade_scales?.[section] ?? DEFAULT_GRADE_SCALE).map((band) => ({ ...band }));

/**
 * The report sheet as answered: every section with its maxima for each score column and its grade scale, and the
 * tie rule; settings stored before these existed read with the defaults.
 */
export function completeReportSheet(
  sheet: Omit<ReportSheetSettings, "score_maxima" | "grade_scales" | "position_ties"> & Partial<ReportSheetSettings>,
  sections: readonly string[],
): ReportSheetSettings {
  return {
    ...sheet,
    score_maxima: Object.fromEntries(sections.map((section) => [section, sectionMaxima(sheet, section)])),
    grade_scales: Object.fromEntries(sections.map((section) => [section, sectionGradeScale(sheet, section)])),
    position_ties: sheet.position_ties ?? "standard",
  };
}

export function defaultReportSheet(today: Date): ReportSheetSettings {
  return {
    add_position: true,
    current_term: currentTerm(today),
    include_attendance: true,
    enable_extra_inputs: false,
    extra_inputs: [],
    enable_child_development: true,
    child_development_inputs: ["Punctuality", "Neatness", "Politeness", "Attentiveness", "Relationship with Others"],
    mid_term_columns: ["1st CA", "2nd CA"],
    exam_columns: ["1st CA", "2nd CA", "Exam"],
    school_signature: true,
    // Each section takes the default maxima and the WAEC bands until the school sets its own.
    score_maxima: {},
    grade_scales: {},
    position_ties: "standard",
  };
}

/** The parts of the settings that make up the classes. */
export type ClassSettings = Pick<SchoolSettingsInput, "sections" | "classes" | "subjects_by_section">;

/** The classes of a school that saved none of its own. */
export function defaultClassSettings(): ClassSettings {
  return {
    sections: [...DEFAULT_SECTIONS],
    classes: DEFAULT_SECTIONS.flatMap((section) =>
      DEFAULT_CLASSES_BY_SECTION[section].map((class_name) => ({
        class_name,
        section,
        subjects: [...DEFAULT_SUBJECTS_BY_SECTION[section]],
      })),
    ),
    subjects_by_section: Object.fromEntries(DEFAULT_SECTIONS.map((s) => [s, [...DEFAULT_SUBJECTS_BY_SECTION[s]]])),
  };
}

/** What a school has before it saves anything: the Nigerian defaults, with sessions and term from today. */
export function defaultSchoolSettings(today: Date): SchoolSettingsInput {
  return {
    ...defaultClassSettings(),
    sessions: null,
    terms: [...TERMS],
    report_sheet: defaultReportSheet(today),
    other_settings: {},
  };
}

/**
 * The full settings view: every class carries subjects (its section's when it has none of its own),
 * every section has its class names and subjects, and sessions are generated around today unless the
 * school has fixed its own.
 */
export function completeSettings(input: SchoolSettingsInput, today: Date): Omit<SchoolSettings, "configured_term"> {
  const { classes, subjects_by_section } = completeClasses(input);
  return {
    classes,
    sections: input.sections,
    classes_by_section: Object.fromEntries(
      input.sections.map((section) => [section, classes.filter((c) => c.section === section).map((c) => c.class_name)]),
    ),
    subjects_by_section,
    sessions: input.sessions ?? sessionOptions(today),
    terms: input.terms,
    report_sheet: completeReportSheet(input.report_sheet, input.sections),
    other_settings: input.other_settings,
  };
}

/** Every class with its subjects (its section's when it has none of its own) and level; every section's subjects. */
export function completeClasses(input: ClassSettings): Pick<SchoolSettings, "classes" | "subjects_by_section"> {
  const subjectsOf = (section: string) =>
    Object.hasOwn(input.subjects_by_section, section)
      ? input.subjects_by_section[section]
      : [...new Set(input.classes.filter((c) => c.section === section).flatMap((c) => c.subjects ?? []))];
  const subjects_by_section = Object.fromEntries(input.sections.map((section) => [section, subjectsOf(section)]));
  const classes = input.classes.map((c) => ({
    class_name: c.class_name,
    section: c.section,
    subjects: c.subjects ?? subjects_by_section[c.section] ?? [],
    level: levelOf(c),
  }));
  return { classes, subjects_by_section };
}

/** Every subject the school teaches, in the order first met. */
export const allSubjects = (settings: Pick<SchoolSettings, "subjects_by_section" | "classes">) => [
  ...new Set([...Object.values(settings.subjects_by_section).flat(), ...settings.classes.flatMap((c) => c.subjects)]),
];

/**
 * A class as it is sent back to be saved: without subjects when they are just its section's, without a level
 * when it is its own.
 */
export function classForSaving(c: SchoolClass, subjects_by_section: Record<string, string[]>): ClassInput {
  const sectionSubjects = subjects_by_section[c.section] ?? [];
  const same = c.subjects.length === sectionSubjects.length && c.subjects.every((s, i) => s === sectionSubjects[i]);
  const level = levelOf(c);
  return {
    class_name: c.class_name,
    section: c.section,
    ...(same ? {} : { subjects: c.subjects }),
    ...(level === c.class_name ? {} : { level }),
  };
}
