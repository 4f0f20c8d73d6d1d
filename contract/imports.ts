/**
 * Bulk import of students, parents and staff, and of test questions, from a spreadsheet (screens: docs/product.md,
 * Bulk import).
 *
 * Calls, under /api/admin/{uniqueId}; `{kind}` is students, parents, staff or questions (a sub-admin needs the
 * kind's feature key, IMPORT_FEATURE):
 * - GET  /imports/{kind}/template          → the template (.xlsx): the columns, one example row, and a
 *        second sheet explaining each column and its allowed values
 * - POST /imports/{kind} (multipart, the file as `file`: .xlsx, .xls, .ods or .csv) → 201 {data: ImportPreview}:
 *        the file is read, its header row found, its values read and every row checked; nothing is written. A file that cannot be read: 422 {errors: {file: [..]}}
 * - GET  /imports/{kind}/{token}           → {data: ImportPreview} (a check is kept for IMPORT_TTL_MS)
 * - GET  /imports/{kind}/{token}/problems  → the rows with problems (.xlsx) with a 'Problem' column
 * - POST /imports/{kind}/{token}/mapping {mapping: {header: field or ""}} → 201 {data: ImportPreview}: the
 *        school's choice of field for each column is kept for its next file of the kind, and the same
 *        file checked again under a new token
 * - POST /imports/{kind}/{token}/commit    → 200 {message, data: ImportResult}: every row in one
 *        transaction, or none (422 {message, data: ImportPreview} when a row has a problem now)
 * - POST /students/bulkRegister {students: [row]}, /stu-parents/bulkRegister {parents: [row]},
 *        /staffs/bulkRegister {staff: [row]} → 201 {message, data: ImportResult}, or 422
 *        {message, errors: {rows: [..]}, data: ImportPreview}. A row is an object keyed by column
 *        (the template's headers or their synonyms, or the record's field names).
 */

export const IMPORT_KINDS = ["students", "parents", "staff", "questions"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** The feature key a sub-admin needs to import each kind. */
export const IMPORT_FEATURE: Record<ImportKind, "students" | "parents" | "staff" | "assessments"> = {
  students: "students",
  parents: "parents",
  staff: "staff",
  questions: "assessments",
};
export const isImportKind = (value: string | undefined): value is ImportKind =>
  IMPORT_KINDS.includes(value as ImportKind);

/** At most this many rows per file, and this many bytes; both named in their refusals. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 5_242_880;
/** At most this many columns: far more than any list of people, and a bound on the work a wide file makes. */
export const IMPORT_MAX_COLUMNS = 256;
/** At most this many cells holding data: 10,000 people with 50 filled columns each. */
export const IMPORT_MAX_CELLS = 500_000;
/**
 * What an .xlsx or .ods (a zip archive) may unpack to, checked before anything is inflated: all its
 * entries together, one entry (a sheet of 10,000 rows of 12 columns is about 7 MB), and an entry's
 * unpacked size per packed byte once over 1 MB (a spreadsheet packs 5 to 50 times; a zip bomb about
 * 1,000). What is read within them fits a reading thread's bounded heap, or ends the thread.
 */
export const IMPORT_MAX_UNPACKED = {
  totalBytes: 32 * 1024 * 1024,
  entryBytes: 20 * 1024 * 1024,
  ratio: 200,
  ratioFromBytes: 1024 * 1024,
} as const;
/** A checked file waits this long for its 'Import N rows'. */
export const IMPORT_TTL_MS = 60 * 60 * 1000;
/** The preview lists at most this many problems; the problem file has them all. */
export const IMPORT_PROBLEMS_SHOWN = 100;
export const IMPORT_FILE_FIELD = "file";

/** Texts docs/product.md does not give for imports; each is recorded in docs/decisions.md. */
export const IMPORT_MESSAGES = {
  tooLarge: "The file is larger than 5 MB. Split it into smaller files.",
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en-NG")} rows. Split it into files of at most ${IMPORT_MAX_ROWS.toLocaleString("en-NG")} rows.`,
  tooManyColumns: `The file has more than ${IMPORT_MAX_COLUMNS} columns. Keep the columns to import and upload it again.`,
  tooManyCells: `The file has more than ${IMPORT_MAX_CELLS.toLocaleString("en-NG")} filled cells. Keep the columns to import and upload it again.`,
  rowPastLimit: (row: number) =>
    `Row ${row.toLocaleString("en-NG")} is past the ${IMPORT_MAX_ROWS.toLocaleString("en-NG")} rows a file may have under its headers. Split it into files of at most ${IMPORT_MAX_ROWS.toLocaleString("en-NG")} rows.`,
  unpacksTooLarge: `The file unpacks to more than ${IMPORT_MAX_UNPACKED.totalBytes / 1024 / 1024} MB, or to more than ${IMPORT_MAX_UNPACKED.ratio} times its size. Keep only the sheet to import and upload it again.`,
  passwordProtected: "The file is protected by a password. Save it without the password and upload it again.",
  emptySheet: "The first sheet of the file has no rows under its headers.",
  /** The product's 'Please upload a valid Excel file (.xlsx or .xls)', naming the formats read since. */
  notASpreadsheet:
    "Please upload a valid Excel file (.xlsx or .xls), an OpenDocument spreadsheet (.ods) or a CSV file (.csv)",
  mappingField: (header: string) => `Choose what the column '${header}' holds from the list`,
  mappingTwice: (header: string) => `The column '${header}' fills a field another column fills already`,
  classAmbiguous: (written: string, classes: readonly string[]) =>
    `'${written}' could be ${classes.join(" or ")}: write the class as the school names it`,
  unreadable: "The file could not be read in time. Save it again in Excel and upload it again.",
  busy: "Many spreadsheets are being read right now. Try again in a few seconds.",
  missingColumn: (header: string) => `The column '${header}' is missing.`,
  required: (header: string) => `${header} is required`,
  duplicateInFile: (header: string, row: number) => `Same ${header} as row ${row}`,
  unknownAdmission: (admission: string) => `No student of this school has admission number ${admission}`,
  formClassInFile: (className: string, row: number) => `Row ${row} is already the form teacher of ${className}`,
  yesOrNo: "Write Yes or No",
  expired: "This check has expired. Upload the file again.",
  hasProblems: "Nothing was imported: fix the rows with problems and upload the file again.",
  alreadyImported: "This file was imported already: nothing was added this time.",
  imported: (count: number, kind: ImportKind) =>
    `${count} ${count === 1 ? KIND_WORDS[kind].one : KIND_WORDS[kind].many} imported successfully!`,
} as const;

export const KIND_WORDS: Record<ImportKind, { one: string; many: string; title: string; list: string }> = {
  students: { one: "student", many: "students", title: "Add Bulk Students", list: "/admin/students" },
  parents: { one: "parent", many: "parents", title: "Add Bulk Parents", list: "/admin/parents" },
  staff: { one: "staff member", many: "staff members", title: "Add Bulk Staff", list: "/admin/staff" },
  questions: { one: "question", many: "questions", title: "Add Bulk Questions", list: "/admin/assessments/questions" },
};

/** A column of a kind's template: the record field it fills, its header, the other headers taken for it. */
export interface ImportColumn {
  field: string;
  header: string;
  synonyms: readonly string[];
  required: boolean;
  explanation: string;
  example: string;
}

const column = (
  field: string,
  header: string,
  required: boolean,
  example: string,
  explanation: string,
  synonyms: string[] = [],
): ImportColumn => ({
  field,
  header,
  required,
  example,
  explanation,
  synonyms,
});

const contact = (who: string) => [
  column("name", "Name", true, who === "parent" ? "Mrs. Ngozi Okafor" : "Mr. Tunde Bakare", `The ${who}'s full name.`, [
    `${who} name`,
    `${who}'s name`,
    `name of ${who}`,
    ...(who === "parent" ? ["guardian name", "guardian's name", "parent/guardian name"] : ["staff's name"]),
    "full name",
    "names",
    "surname and other names",
  ]),
  column(
    "email",
    "Email",
    true,
    who === "parent" ? "ngozi.okafor@example.com" : "tunde.bakare@example.com",
    "A valid email address.",
    ["email address", "e-mail", "e-mail address", "mail"],
  ),
  column("phone", "Phone", true, "0803 123 4567", "A Nigerian number (0803…) or one with its country code (+234…).", [
    "phone number",
    "phone no",
    "mobile",
    "mobile number",
    "mobile no",
    "telephone",
    "telephone number",
    "gsm",
    "gsm no",
    "gsm number",
    "tel",
    "whatsapp",
    "whatsapp number",
    "contact number",
    ...(who === "parent"
      ? [
          "parent's phone",
          "parent phone",
          "parent phone number",
          "guardian phone",
          "guardian's phone",
          "guardian phone number",
        ]
      : []),
  ]),
  column("address", "Address", false, "12 Allen Avenue, Ikeja", "Optional.", [
    "home address",
    "residential address",
    "contact address",
  ]),
];

/** The columns of each kind, in the template's order. */
export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  students: [
    column("name", "Name", true, "Chinedu Eze", "The student's full name.", [
      "student name",
      "student's name",
      "name of student",
      "pupil name",
      "pupil's name",
      "full name",
      "names",
      "student",
      "pupil",
      "surname and other names",
    ]),
    column("selectedClass", "Class", true, "JSS1", "One of the school's classes (see the list below).", [
      "class name",
      "current class",
      "present class",
      "class/arm",
      "form",
    ]),
    column("gender", "Gender", true, "Male", "Male or Female.", ["sex", "gender (m/f)", "sex (m/f)", "m/f"]),
    column(
      "phone_number",
      "Phone Number",
      true,
      "0803 123 4567",
      "A Nigerian number (0803…) or one with its country code (+234…).",
      [
        "phone",
        "phone no",
        "mobile",
        "mobile number",
        "mobile no",
        "telephone",
        "gsm",
        "gsm no",
        "tel",
        "parent phone",
        "parent's phone",
        "parent phone number",
        "parent's phone number",
        "parents phone no",
        "guardian phone",
        "guardian's phone",
        "guardian phone number",
        "guardian's phone number",
        "parent/guardian phone",
        "contact number",
        "whatsapp number",
      ],
    ),
    column("email", "Email", false, "", "Optional. A valid email address.", [
      "email address",
      "e-mail",
      "mail",
      "parent's email",
      "parent email",
    ]),
    column("address", "Address", false, "", "Optional.", ["home address", "residential address", "contact address"]),
    column(
      "admission",
      "Admission Number",
      false,
      "ADM/2025/001",
      "Optional. Unique in the school: a number already used is refused.",
      [
        "adm no",
        "admission no",
        "admission",
        "adm number",
        "reg no",
        "registration number",
        "admission num",
        "adm",
        "admission id",
        "student id",
      ],
    ),
    column("subjects", "Subjects", false, "", "Optional. Subjects of the student's class, separated by commas.", [
      "subject",
      "subjects offered",
    ]),
  ],
  parents: [
    ...contact("parent"),
    column(
      "children",
      "Children",
      false,
      "ADM/2025/001",
      "Optional. The admission numbers of the parent's children, separated by commas: each is linked.",
      [
        "child",
        "children admission numbers",
        "child admission number",
        "wards",
        "ward",
        "students",
        "admission numbers",
        "adm no",
        "admission no",
        "admission number",
        "child's admission number",
        "ward's admission number",
        "children's admission numbers",
      ],
    ),
  ],
  staff: [
    ...contact("staff"),
    column("position", "Position", false, "Mathematics Teacher", "Optional.", [
      "role",
      "designation",
      "job title",
      "title",
      "rank",
      "post",
    ]),
    column(
      "is_teaching_staff",
      "Teaching Staff",
      false,
      "Yes",
      "Yes for teaching staff, No (or empty) for non-teaching staff.",
      ["is teaching staff", "teacher", "teaching or non teaching"],
    ),
    column(
      "form_teacher",
      "Form Class",
      false,
      "JSS1",
      "Optional, teaching staff only. The class this teacher is form teacher of: a class has one form teacher.",
      ["form teacher", "form teacher of", "form master", "class teacher"],
    ),
    column(
      "teaching",
      "Classes and Subjects",
      false,
      "JSS1: Mathematics, Basic Science; SS1: Physics",
      "Optional, teaching staff only. Each class taught, a colon, then the subjects taught in that class separated by commas; classes separated by semicolons. Each class is one of the school's and each subject one of that class's.",
      ["classes and subjects taught", "subjects and classes", "teaches", "what they teach"],
    ),
  ],
  questions: [
    column("class", "Class", true, "JSS1", "One of the school's classes.", ["class name"]),
    column("subject", "Subject", true, "Mathematics", "One of that class's subjects.", ["subject name", "course"]),
    column("kind", "Kind", true, "Objective", "Objective, True or false, or Theory.", ["type", "question type"]),
    column("text", "Question", true, "What is 7 × 8?", "The question as the student reads it.", ["questions"]),
    ...["A", "B", "C", "D", "E"].map((letter, i) =>
      column(
        `option_${letter.toLowerCase()}`,
        `Option ${letter}`,
        false,
        ["54", "56", "64", "48", ""][i],
        "Objective questions: 2 to 5 options, from A on.",
        [`option ${letter}`, letter],
      ),
    ),
    column(
      "answer",
      "Answer",
      false,
      "B",
      "Objective: the correct option's letter. True or false: True or False. Theory: empty.",
      ["correct answer", "correct option", "key"],
    ),
    column("marks", "Marks", false, "1", "Optional: a whole number, 1 when empty.", ["mark", "score", "points"]),
  ],
};

/** A header as compared: lower case, letters and digits only ('Adm. No' and 'adm no' are the same). */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The parts of a name a file may keep in columns of their own, in the order they are joined into the
 * name ('SURNAME', 'FIRST NAME', 'OTHER NAMES' make 'Eze Chinedu Ike'), for every kind.
 */
export const NAME_PARTS = [
  { part: "surname", headers: ["surname", "last name", "family name", "lastname"] },
  { part: "first", headers: ["first name", "firstname", "given name", "forename"] },
  { part: "other", headers: ["other names", "other name", "middle name", "middle names", "othernames"] },
] as const;

/** Serial-number columns (S/N, No., #): ignored without a word. */
const SERIAL_KEYS = new Set(["sn", "sno", "snno", "no", "serialno", "serialnumber", "serial", "sl", "slno", ""]);
const isSerialHeader = (header: string) => header.trim() !== "" && SERIAL_KEYS.has(headerKey(header));

/** A school's choices for headers it uses: the field a header fills, or "" to ignore it (by `headerKey`). */
export type SavedMapping = Record<string, string>;

export interface HeaderMatch {
  /** For each column of the file, the field it fills (`name:surname` and so on for a part of the name), or null. */
  fields: (string | null)[];
  /** The file's headers that match no column, as written (a serial-number column is not one). */
  unknown: string[];
  /** The kind's required columns the file lacks, by their template header. */
  missing: string[];
  /** The headers joined into the name, in the order joined, when the file has no name column. */
  joined: string[];
}

/**
 * Which field each header of a file fills: the template's header, a synonym or the field's own name,
 * case, spaces and punctuation aside, else the school's own choice for that header. A second column for
 * the same field is reported as unknown, never silently dropped or merged; so is an empty header above
 * a column that has values. The parts of a name are joined into it only when no column is the name.
 */
export function matchHeaders(kind: ImportKind, headers: readonly string[], saved: SavedMapping = {}): HeaderMatch {
  const byKey = new Map<string, string>();
  for (const c of IMPORT_COLUMNS[kind])
    for (const name of [c.header, c.field, ...c.synonyms])
      if (!byKey.has(headerKey(name))) byKey.set(headerKey(name), c.field);
  for (const { part, headers: names } of NAME_PARTS)
    for (const name of names) if (!byKey.has(headerKey(name))) byKey.set(headerKey(name), `name:${part}`);
  const known = new Set(IMPORT_COLUMNS[kind].map((c) => c.field));
  const taken = new Set<string>();
  const fields = headers.map((header) => {
    if (isSerialHeader(header)) return null;
    const key = headerKey(header);
    const choice = saved[key];
    const field = byKey.get(key) ?? (choice && known.has(choice) ? choice : undefined);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
  // The name's parts stand for it only when no column is the name itself.
  if (taken.has("name")) fields.forEach((f, j) => f?.startsWith("name:") && (fields[j] = null));
  const joined = NAME_PARTS.flatMap(({ part }) => {
    const j = fields.indexOf(`name:${part}`);
    return j < 0 ? [] : [headers[j].trim()];
  });
  if (joined.length) taken.add("name");
  const unknown = headers.flatMap((header, j) =>
    fields[j] === null && header.trim() && !isSerialHeader(header) ? [header.trim()] : [],
  );
  const missing = IMPORT_COLUMNS[kind].filter((c) => c.required && !taken.has(c.field)).map((c) => c.header);
  return { fields, unknown, missing, joined };
}

/** How well a row reads as the kind's header row: how many of its cells are headers the kind knows. */
export function headerScore(kind: ImportKind, row: readonly string[], saved: SavedMapping = {}): number {
  const match = matchHeaders(kind, row, saved);
  return match.fields.filter(Boolean).length + row.filter(isSerialHeader).length;
}

/** Why a row under the headers is not a record: it is skipped and listed, never a problem. */
export type SkipReason = "blank" | "total" | "header";
export const SKIP_REASONS: Record<SkipReason, string> = {
  blank: "blank",
  total: "a totals line",
  header: "the headers again",
};

/** A value read as another (M as Male, 8031234567 as 08031234567), with the rows where it was. */
export interface ValueChange {
  column: string;
  from: string;
  to: string;
  /** The first IMPORT_CHANGE_ROWS_SHOWN rows; `count` counts them all. */
  rows: number[];
  count: number;
}
export const IMPORT_CHANGE_ROWS_SHOWN = 10;

/** The words of the check's parts that show what was read and how. */
export const IMPORT_LABELS = {
  headerRow: (row: number) => `Row ${row} was taken as the column headers.`,
  joined: (headers: readonly string[]) => `Name is made of ${headers.join(", ")}, in that order.`,
  skipped: "Rows skipped (not records)",
  changes: "Values read as",
  mappingTitle: "Match the columns",
  mappingIntro: "Some required columns were not found. Choose what each column of the file holds:",
  ignore: "Ignore this column",
  useColumns: "Use these columns",
} as const;

/** A problem of one row: its row number in the sheet (the header is row 1), the column's header and why. */
export interface RowProblem {
  row: number;
  column: string;
  message: string;
}

export interface ImportPreview {
  token: string;
  kind: ImportKind;
  file_name: string;
  /** Records under the headers (the rows skipped aside). */
  rows: number;
  /** The row of the sheet taken as the column headers. */
  header_row: number;
  /** The rows under the headers that are not records (the first IMPORT_PROBLEMS_SHOWN); `skipped_count` counts them all. */
  skipped_rows: { row: number; reason: SkipReason }[];
  skipped_count: number;
  /** What was read otherwise than written, by column and value (the first IMPORT_PROBLEMS_SHOWN). */
  changes: ValueChange[];
  change_count: number;
  /** The headers joined into the name, when the file has no name column. */
  joined_columns: string[];
  /**
   * While a required column is missing and the file has columns no field took: those columns, the
   * fields each could fill, and the school's earlier choice for each ("" to ignore); else null.
   */
  mapping: { columns: { header: string; chosen: string }[]; fields: { field: string; header: string }[] } | null;
  /** Rows that would be added: all of them, or none while any has a problem. */
  to_add: number;
  /** How many rows have at least one problem. */
  rows_with_problems: number;
  /** The first IMPORT_PROBLEMS_SHOWN problems; `problem_count` counts them all. */
  problems: RowProblem[];
  problem_count: number;
  unknown_columns: string[];
  missing_columns: string[];
  /** When this same file was imported before (nothing more would be added), else null. */
  imported_at: string | null;
  expires_at: string;
}

export interface ImportResult {
  added: number;
  already_imported: boolean;
}
