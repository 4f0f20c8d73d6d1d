/**
 * Bulk import of students, parents and staff from a spreadsheet (screens: docs/product.md, Bulk import).
 *
 * Calls, under /api/admin/{uniqueId}; `{kind}` is students, parents or staff:
 * - GET  /imports/{kind}/template          → the template (.xlsx): the columns, one example row, and a
 *        second sheet explaining each column and its allowed values
 * - POST /imports/{kind} (multipart, the file as `file`) → 201 {data: ImportPreview}: the file is read
 *        and every row checked; nothing is written. A file that cannot be read: 422 {errors: {file: [..]}}
 * - GET  /imports/{kind}/{token}           → {data: ImportPreview} (a check is kept for IMPORT_TTL_MS)
 * - GET  /imports/{kind}/{token}/problems  → the rows with problems (.xlsx) with a 'Problem' column
 * - POST /imports/{kind}/{token}/commit    → 200 {message, data: ImportResult}: every row in one
 *        transaction, or none (422 {message, data: ImportPreview} when a row has a problem now)
 * - POST /students/bulkRegister {students: [row]}, /stu-parents/bulkRegister {parents: [row]},
 *        /staffs/bulkRegister {staff: [row]} → 201 {message, data: ImportResult}, or 422
 *        {message, errors: {rows: [..]}, data: ImportPreview}. A row is an object keyed by column
 *        (the template's headers or their synonyms, or the record's field names).
 */

export const IMPORT_KINDS = ["students", "parents", "staff"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const isImportKind = (value: string | undefined): value is ImportKind =>
  IMPORT_KINDS.includes(value as ImportKind);

/** At most this many rows per file, and this many bytes; both named in their refusals. */
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_BYTES = 5_242_880;
/** A checked file waits this long for its 'Import N rows'. */
export const IMPORT_TTL_MS = 60 * 60 * 1000;
/** The preview lists at most this many problems; the problem file has them all. */
export const IMPORT_PROBLEMS_SHOWN = 100;
export const IMPORT_FILE_FIELD = "file";

/** Texts docs/product.md does not give for imports; each is recorded in docs/decisions.md. */
export const IMPORT_MESSAGES = {
  tooLarge: "The file is larger than 5 MB. Split it into smaller files.",
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en-NG")} rows. Split it into files of at most ${IMPORT_MAX_ROWS.toLocaleString("en-NG")} rows.`,
  passwordProtected: "The file is protected by a password. Save it without the password and upload it again.",
  emptySheet: "The first sheet of the file has no rows under its headers.",
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
    ["email address", "e-mail", "mail"],
  ),
  column("phone", "Phone", true, "0803 123 4567", "A Nigerian number (0803…) or one with its country code (+234…).", [
    "phone number",
    "phone no",
    "mobile",
    "mobile number",
    "telephone",
    "gsm",
    "tel",
  ]),
  column("address", "Address", false, "12 Allen Avenue, Ikeja", "Optional.", ["home address", "residential address"]),
];

/** The columns of each kind, in the template's order. */
export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  students: [
    column("name", "Name", true, "Chinedu Eze", "The student's full name.", [
      "student name",
      "full name",
      "names",
      "student",
      "surname and other names",
    ]),
    column("selectedClass", "Class", true, "JSS1", "One of the school's classes (see the list below).", [
      "class name",
      "current class",
      "form",
    ]),
    column("gender", "Gender", true, "Male", "Male or Female.", ["sex"]),
    column(
      "phone_number",
      "Phone Number",
      true,
      "0803 123 4567",
      "A Nigerian number (0803…) or one with its country code (+234…).",
      ["phone", "phone no", "mobile", "mobile number", "telephone", "gsm", "parent phone", "tel"],
    ),
    column("email", "Email", false, "", "Optional. A valid email address.", ["email address", "e-mail", "mail"]),
    column("address", "Address", false, "", "Optional.", ["home address", "residential address"]),
    column(
      "admission",
      "Admission Number",
      false,
      "ADM/2025/001",
      "Optional. Unique in the school: a number already used is refused.",
      ["adm no", "admission no", "admission", "adm number", "reg no", "registration number", "admission num"],
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
};

/** A header as compared: lower case, letters and digits only ('Adm. No' and 'adm no' are the same). */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

export interface HeaderMatch {
  /** For each column of the file, the field it fills, or null when unknown or a repeat. */
  fields: (string | null)[];
  /** The file's headers that match no column, as written. */
  unknown: string[];
  /** The kind's required columns the file lacks, by their template header. */
  missing: string[];
}

/**
 * Which field each header of a file fills: the template's header, a synonym or the field's own name,
 * case, spaces and punctuation aside. A second column for the same field is reported as unknown, never
 * silently dropped or merged; so is an empty header above a column that has values.
 */
export function matchHeaders(kind: ImportKind, headers: readonly string[]): HeaderMatch {
  const byKey = new Map<string, string>();
  for (const c of IMPORT_COLUMNS[kind])
    for (const name of [c.header, c.field, ...c.synonyms])
      if (!byKey.has(headerKey(name))) byKey.set(headerKey(name), c.field);
  const taken = new Set<string>();
  const unknown: string[] = [];
  const fields = headers.map((header) => {
    const field = byKey.get(headerKey(header));
    if (!field || taken.has(field)) {
      if (header.trim()) unknown.push(header.trim());
      return null;
    }
    taken.add(field);
    return field;
  });
  const missing = IMPORT_COLUMNS[kind].filter((c) => c.required && !taken.has(c.field)).map((c) => c.header);
  return { fields, unknown, missing };
}

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
  /** Rows under the headers (blank rows aside). */
  rows: number;
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
