import { CBT_MESSAGES, type QuestionKind } from "../../contract/cbt";
import { questionFields } from "../../contract/cbt.schema";
import type { FieldErrors } from "../../contract/http";
import { IMPORT_COLUMNS, IMPORT_MESSAGES, type ImportKind, type RowProblem } from "../../contract/imports";
import { GENDERS } from "../../contract/limits";
import { MAX_PARENTS, PARENT_MESSAGES } from "../../contract/parents";
import { splitList } from "../../contract/people";
import { toE164 } from "../../contract/phone";
import type { SchoolSettings } from "../../contract/settings";
import { readTeachingText, STAFF_MESSAGES } from "../../contract/staff";
import { STUDENT_MESSAGES } from "../../contract/students";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import { publicId } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { recordCurrentClasses } from "./class-history";
import { parentColumns } from "./parents";
import { emailKey } from "./people";
import { getSchoolSettings } from "./settings";
import { staffColumns } from "./staff";
import { studentColumns } from "./students";

/**
 * What each kind of import checks and writes. A row is checked by the very rules of the kind's add form
 * and API (their schemas, phone and class checks, and messages), then against the other rows of the
 * file and the school's records; the records of rows without problems are `prepared` for the commit.
 */

/** A row of the file: its number in the sheet (headers are row 1) and its text by field. */
export interface ImportRow {
  line: number;
  values: Record<string, string>;
}

export interface Prepared {
  line: number;
}

export interface KindRules<P extends Prepared = Prepared> {
  /** Every problem of every row; `prepared` holds the records of the rows that have none. */
  check(deps: ApiDeps, tenant: Tenant, rows: ImportRow[]): Promise<{ problems: RowProblem[]; prepared: P[] }>;
  /** The problems that only the school's records can cause, checked again inside the commit. */
  recheck(db: Db, tenant: Tenant, prepared: P[]): Promise<RowProblem[]>;
  /** Writes the records in batches; answers how many. */
  insert(db: Db, tenant: Tenant, prepared: P[], now: string): Promise<number>;
  /** The allowed values the template's second sheet lists, by column header. */
  allowed(settings: SchoolSettings): Record<string, string>;
}

/** Rows per INSERT: far under SQLite's and PostgreSQL's bound-parameter limits for every kind. */
const BATCH = 500;
/** The check lets other requests run after this much work, so a large file never holds the thread for long. */
const SLICE_MS = 20;

/** A pause to await between rows: it lets other requests run once a slice of work has gone by, else it is at once. */
function pauseBetweenSlices(): () => Promise<void> | undefined {
  let sliceStart = performance.now();
  return () => {
    if (performance.now() - sliceStart < SLICE_MS) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        sliceStart = performance.now();
        resolve();
      }),
    );
  };
}

const chunks = <T>(items: T[], size = BATCH) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const headerOf = (kind: ImportKind, field: string) =>
  IMPORT_COLUMNS[kind].find((c) => c.field === field)?.header ?? field;

/**
 * A kind's field problems as rows of the report, under their columns' headers. A problem of one of a list's
 * entries (`teaching[2].subject`) goes under the list's column, naming the entry when `entry` can.
 */
function fieldProblems(
  kind: ImportKind,
  line: number,
  errors: FieldErrors,
  entry?: (field: string, index: number) => string | undefined,
): RowProblem[] {
  return Object.entries(errors).flatMap(([field, messages]) => {
    const item = /^([a-z_]+)\[(\d+)\]/.exec(field);
    const named = item ? entry?.(item[1], Number(item[2])) : undefined;
    return messages.map((message) => ({
      row: line,
      column: headerOf(kind, item ? item[1] : field),
      message: named ? `${named}: ${message}` : message,
    }));
  });
}

/** The field problems a create check throws (422 or 409), as report rows; any other failure is thrown on. */
async function problemsOf(
  kind: ImportKind,
  line: number,
  check: () => unknown,
  entry?: (field: string, index: number) => string | undefined,
): Promise<RowProblem[]> {
  try {
    await check();
    return [];
  } catch (error) {
    if (error instanceof ApiError && (error.status === 422 || error.status === 409) && error.errors)
      return fieldProblems(kind, line, error.errors, entry);
    throw error;
  }
}

/** For each row, the earlier row with the same value of `field` (case aside), as problems. */
function sameInFile(
  kind: ImportKind,
  rows: ImportRow[],
  field: string,
  key = (v: string) => v.trim().toLowerCase(),
): RowProblem[] {
  const first = new Map<string, number>();
  const problems: RowProblem[] = [];
  for (const row of rows) {
    const value = key(row.values[field] ?? "");
    if (!value) continue;
    const earlier = first.get(value);
    if (earlier === undefined) first.set(value, row.line);
    else
      problems.push({
        row: row.line,
        column: headerOf(kind, field),
        message: IMPORT_MESSAGES.duplicateInFile(headerOf(kind, field), earlier),
      });
  }
  return problems;
}

const byLine = (problems: RowProblem[]) => new Set(problems.map((p) => p.row));

/** A gender typed in any case ('male', 'FEMALE') is the form's choice. */
const genderOf = (text = "") => GENDERS.find((g) => g.toLowerCase() === text.trim().toLowerCase()) ?? text;

/** The rows whose admission number a student of the school already has: one look-up per 500 rows. */
async function admissionsTaken(db: Db, tenant: Tenant, rows: { line: number; admission: string }[]) {
  const numbered = rows.filter((r) => r.admission);
  const taken = new Set<string>();
  for (const part of chunks(numbered)) {
    const found = await db
      .selectFrom("students")
      .select("admission_number")
      .where("school_id", "=", tenant.schoolId)
      .where(
        "admission_number",
        "in",
        part.map((r) => r.admission),
      )
      .execute();
    for (const r of found) taken.add(r.admission_number!);
  }
  return numbered
    .filter((r) => taken.has(r.admission))
    .map((r) => ({
      row: r.line,
      column: headerOf("students", "admission"),
      message: STUDENT_MESSAGES.duplicateAdmission,
    }));
}

type StudentColumns = ReturnType<typeof studentColumns>;
interface PreparedStudent extends Prepared {
  columns: StudentColumns;
}

const students: KindRules<PreparedStudent> = {
  async check(deps, tenant, rows) {
    const classes = (await getSchoolSettings(deps, tenant)).classes;
    const problems: RowProblem[] = [];
    const prepared: PreparedStudent[] = [];
    const pause = pauseBetweenSlices();
    for (const row of rows) {
      await pause();
      let columns: StudentColumns | undefined;
      const found = await problemsOf("students", row.line, () => {
        columns = studentColumns(
          { ...row.values, gender: genderOf(row.values.gender), takes_lesson: Boolean(row.values.subjects) },
          "create",
          classes,
        );
      });
      problems.push(...found);
      if (columns) prepared.push({ line: row.line, columns });
    }
    problems.push(...sameInFile("students", rows, "admission", (v) => v.trim()));
    // Every row's admission number, whatever else is wrong with the row: its problems come in one check.
    const numbers = rows.map((row) => ({ line: row.line, admission: row.values.admission?.trim() ?? "" }));
    problems.push(...(await admissionsTaken(deps.db, tenant, numbers)));
    const bad = byLine(problems);
    return { problems, prepared: prepared.filter((p) => !bad.has(p.line)) };
  },
  recheck: (db, tenant, prepared) =>
    admissionsTaken(
      db,
      tenant,
      prepared.map((p) => ({ line: p.line, admission: p.columns.admission_number ?? "" })),
    ),
  async insert(db, tenant, prepared, now) {
    for (const part of chunks(prepared)) {
      const added = await db
        .insertInto("students")
        .values(
          part.map(({ columns }) => ({
            ...columns,
            school_id: tenant.schoolId,
            unique_id: publicId("STU"),
            subject_combo: null,
            profile_img_key: null,
            status: "active" as const,
            backlog_reason: null,
            idempotency_key: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning(["id", "class_name"])
        .execute();
      await recordCurrentClasses(db, tenant.schoolId, added, new Date(now));
    }
    return prepared.length;
  },
  allowed: (settings) => ({
    Class: settings.classes.map((c) => c.class_name).join(", "),
    Gender: GENDERS.join(", "),
    Subjects: settings.classes.map((c) => `${c.class_name}: ${c.subjects.join(", ") || "none"}`).join("; "),
  }),
};

type ParentColumns = Awaited<ReturnType<typeof parentColumns>>["columns"];
interface PreparedParent extends Prepared {
  columns: ParentColumns;
  childIds: number[];
}

/** A parent's or staff member's email and phone, each unique in the file (as in the school). */
const contactsInFile = (kind: ImportKind, rows: ImportRow[]) => [
  ...sameInFile(kind, rows, "email"),
  ...sameInFile(kind, rows, "phone", (v) => v.replace(/[^\d]/g, "").replace(/^(?:234|0)/, "")),
];

/**
 * The rows whose email or phone a parent (or member of staff) of the school already has, with `kind`'s
 * messages: one look-up per 500 rows.
 */
async function contactsTaken(
  db: Db,
  tenant: Tenant,
  kind: "parents" | "staff",
  prepared: { line: number; columns: { email: string; phone: string } }[],
  messages: { duplicateEmail: string; duplicatePhone: string },
): Promise<RowProblem[]> {
  const taken = { email: new Set<string>(), phone: new Set<string>() };
  for (const part of chunks(prepared)) {
    const others = await db
      .selectFrom(kind)
      .select(["email", "phone"])
      .where("school_id", "=", tenant.schoolId)
      .where((eb) =>
        eb.or([
          eb(
            "email",
            "in",
            part.map((p) => p.columns.email),
          ),
          eb(
            "phone",
            "in",
            part.map((p) => p.columns.phone),
          ),
        ]),
      )
      .execute();
    for (const other of others) {
      if (other.email) taken.email.add(other.email);
      if (other.phone) taken.phone.add(other.phone);
    }
  }
  const problems: RowProblem[] = [];
  for (const { line, columns } of prepared) {
    if (taken.email.has(columns.email))
      problems.push({ row: line, column: headerOf(kind, "email"), message: messages.duplicateEmail });
    if (taken.phone.has(columns.phone))
      problems.push({ row: line, column: headerOf(kind, "phone"), message: messages.duplicatePhone });
  }
  return problems;
}

/**
 * Each row's email and phone as the person's record would hold them (a phone that is not one: none), so
 * that every row is looked up in the school, whatever else is wrong with it.
 */
const contactsOf = (rows: ImportRow[]) =>
  rows.map((row) => ({
    line: row.line,
    columns: { email: emailKey(row.values.email ?? ""), phone: toE164(row.values.phone ?? "") ?? "" },
  }));

const parents: KindRules<PreparedParent> = {
  async check(deps, tenant, rows) {
    // Children are named by admission number: one look-up for the whole file.
    const admissions = [...new Set(rows.flatMap((r) => splitList(r.values.children)))];
    const students = new Map<string, { id: number }>();
    for (const part of chunks(admissions)) {
      const found = await deps.db
        .selectFrom("students")
        .select(["id", "admission_number"])
        .where("school_id", "=", tenant.schoolId)
        .where("admission_number", "in", part)
        .execute();
      for (const s of found) students.set(s.admission_number!, s);
    }
    const problems: RowProblem[] = [];
    const prepared: PreparedParent[] = [];
    const pause = pauseBetweenSlices();
    for (const row of rows) {
      await pause();
      const named = splitList(row.values.children);
      const unknown = named.filter((a) => !students.has(a));
      for (const admission of unknown)
        problems.push({
          row: row.line,
          column: headerOf("parents", "children"),
          message: IMPORT_MESSAGES.unknownAdmission(admission),
        });
      let checked: Awaited<ReturnType<typeof parentColumns>> | undefined;
      // The children were found above; whether each can take another parent is checked for the whole file below.
      const found = await problemsOf("parents", row.line, async () => {
        checked = await parentColumns(deps.db, tenant, { data: { ...row.values, children: [] } });
      });
      problems.push(...found);
      if (checked && !unknown.length)
        prepared.push({
          line: row.line,
          columns: checked.columns,
          childIds: [...new Set(named.map((a) => students.get(a)!.id))],
        });
    }
    problems.push(...contactsInFile("parents", rows));
    problems.push(...(await contactsTaken(deps.db, tenant, "parents", contactsOf(rows), PARENT_MESSAGES)));
    problems.push(...(await overfullChildren(deps.db, prepared)));
    const bad = byLine(problems);
    return { problems, prepared: prepared.filter((p) => !bad.has(p.line)) };
  },
  async recheck(db, tenant, prepared) {
    const problems = await contactsTaken(db, tenant, "parents", prepared, PARENT_MESSAGES);
    return [...problems, ...(await overfullChildren(db, prepared))];
  },
  async insert(db, tenant, prepared, now) {
    for (const part of chunks(prepared)) {
      const rows = await db
        .insertInto("parents")
        .values(
          part.map((p) => ({
            ...p.columns,
            profile_img_key: null,
            school_id: tenant.schoolId,
            unique_id: publicId("PAR"),
            idempotency_key: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning("id")
        .execute();
      const links = part.flatMap((p, i) =>
        p.childIds.map((student_id) => ({
          parent_id: rows[i].id,
          student_id,
          school_id: tenant.schoolId,
          created_at: now,
        })),
      );
      for (const linkPart of chunks(links)) await db.insertInto("parent_students").values(linkPart).execute();
    }
    return prepared.length;
  },
  allowed: () => ({}),
};

/** A student has at most two parents, counting the ones the file adds: the rows that would give one a third. */
async function overfullChildren(db: Db, prepared: PreparedParent[]): Promise<RowProblem[]> {
  const existing = await linkCounts(
    db,
    prepared.flatMap((p) => p.childIds),
  );
  const links = new Map<number, number>();
  const over: { line: number; studentId: number }[] = [];
  for (const p of prepared) {
    for (const id of p.childIds) {
      const count = (links.get(id) ?? existing.get(id) ?? 0) + 1;
      links.set(id, count);
      if (count > MAX_PARENTS) over.push({ line: p.line, studentId: id });
    }
  }
  if (!over.length) return [];
  const names = new Map<number, string>();
  for (const part of chunks([...new Set(over.map((o) => o.studentId))])) {
    for (const s of await db.selectFrom("students").select(["id", "name"]).where("id", "in", part).execute())
      names.set(s.id, s.name);
  }
  return over.map((o) => ({
    row: o.line,
    column: headerOf("parents", "children"),
    message: PARENT_MESSAGES.twoParents(names.get(o.studentId) ?? ""),
  }));
}

/** How many parents each of the students has already. */
async function linkCounts(db: Db, studentIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const part of chunks([...new Set(studentIds)])) {
    const rows = await db
      .selectFrom("parent_students")
      .select(["student_id", (eb) => eb.fn.countAll().as("parents")])
      .where("student_id", "in", part)
      .groupBy("student_id")
      .execute();
    for (const r of rows) counts.set(r.student_id, Number(r.parents));
  }
  return counts;
}

type StaffChecked = Awaited<ReturnType<typeof staffColumns>>;
interface PreparedStaff extends Prepared {
  columns: StaffChecked["columns"];
  teaching: StaffChecked["teaching"];
}

const YES = ["yes", "y", "true", "1", "teaching"];
const NO = ["no", "n", "false", "0", "non-teaching", "non teaching", "nonteaching", ""];

/** The rows whose form class another member of staff is already form teacher of: one look-up per 500 rows. */
async function formClassesTaken(db: Db, tenant: Tenant, rows: { line: number; formClass: string | null }[]) {
  const formTeacher = new Map<string, string>();
  for (const part of chunks(rows.filter((r) => r.formClass))) {
    const others = await db
      .selectFrom("staff")
      .select(["name", "form_teacher"])
      .where("school_id", "=", tenant.schoolId)
      .where(
        "form_teacher",
        "in",
        part.map((r) => r.formClass!),
      )
      .execute();
    for (const other of others) if (other.form_teacher) formTeacher.set(other.form_teacher, other.name);
  }
  return rows.flatMap(({ line, formClass }) => {
    const teacher = formClass ? formTeacher.get(formClass) : undefined;
    return teacher === undefined
      ? []
      : [
          {
            row: line,
            column: headerOf("staff", "form_teacher"),
            message: STAFF_MESSAGES.formClassTaken(teacher, formClass!),
          },
        ];
  });
}

const staff: KindRules<PreparedStaff> = {
  async check(deps, tenant, rows) {
    const settings = await getSchoolSettings(deps, tenant);
    const problems: RowProblem[] = [];
    const prepared: PreparedStaff[] = [];
    const pause = pauseBetweenSlices();
    for (const row of rows) {
      await pause();
      const teaching = (row.values.is_teaching_staff ?? "").trim().toLowerCase();
      const flagKnown = YES.includes(teaching) || NO.includes(teaching);
      if (!flagKnown)
        problems.push({
          row: row.line,
          column: headerOf("staff", "is_teaching_staff"),
          message: IMPORT_MESSAGES.yesOrNo,
        });
      let checked: StaffChecked | undefined;
      const data = { ...row.values, is_teaching_staff: YES.includes(teaching) };
      const pairs = readTeachingText(row.values.teaching ?? "");
      const found = await problemsOf(
        "staff",
        row.line,
        async () => {
          checked = await staffColumns(deps, tenant, { data }, settings);
        },
        // A pair's problem names the pair: 'SS1 Astrology: Choose one of the subjects of SS1'.
        (field, index) =>
          field === "teaching" && pairs?.[index] ? `${pairs[index].class} ${pairs[index].subject}` : undefined,
      );
      problems.push(...found);
      if (checked && flagKnown) prepared.push({ line: row.line, columns: checked.columns, teaching: checked.teaching });
    }
    problems.push(...contactsInFile("staff", rows));
    // One form teacher per class, in the file as in the school (the staff form's rule).
    const formClass = new Map<string, number>();
    for (const p of prepared) {
      const className = p.columns.form_teacher;
      if (!className) continue;
      const earlier = formClass.get(className);
      if (earlier === undefined) formClass.set(className, p.line);
      else
        problems.push({
          row: p.line,
          column: headerOf("staff", "form_teacher"),
          message: IMPORT_MESSAGES.formClassInFile(className, earlier),
        });
    }
    problems.push(...(await contactsTaken(deps.db, tenant, "staff", contactsOf(rows), STAFF_MESSAGES)));
    const formClasses = rows.map((row) => ({
      line: row.line,
      formClass: YES.includes((row.values.is_teaching_staff ?? "").trim().toLowerCase())
        ? row.values.form_teacher?.trim() || null
        : null,
    }));
    problems.push(...(await formClassesTaken(deps.db, tenant, formClasses)));
    const bad = byLine(problems);
    return { problems, prepared: prepared.filter((p) => !bad.has(p.line)) };
  },
  async recheck(db, tenant, prepared) {
    const formClasses = prepared.map((p) => ({ line: p.line, formClass: p.columns.form_teacher }));
    return [
      ...(await contactsTaken(db, tenant, "staff", prepared, STAFF_MESSAGES)),
      ...(await formClassesTaken(db, tenant, formClasses)),
    ];
  },
  async insert(db, tenant, prepared, now) {
    for (const part of chunks(prepared)) {
      const rows = await db
        .insertInto("staff")
        .values(
          part.map((p) => ({
            ...p.columns,
            profile_img_key: null,
            gender: null,
            school_id: tenant.schoolId,
            unique_id: publicId("STF"),
            idempotency_key: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning("id")
        .execute();
      const pairs = part.flatMap((p, i) =>
        p.teaching.map((pair) => ({
          staff_id: rows[i].id,
          school_id: tenant.schoolId,
          class_name: pair.class,
          subject: pair.subject,
        })),
      );
      for (const pairPart of chunks(pairs)) await db.insertInto("staff_teaching").values(pairPart).execute();
    }
    return prepared.length;
  },
  allowed: (settings) => {
    const classes = settings.classes.map((c) => c.class_name).join(", ");
    return {
      "Teaching Staff": "Yes, No",
      "Form Class": classes,
      "Classes and Subjects": settings.classes.map((c) => `${c.class_name}: ${c.subjects.join(", ")}`).join("; "),
    };
  },
};

interface PreparedQuestion extends Prepared {
  row: {
    class_name: string;
    subject: string;
    kind: string;
    text: string;
    options: string | null;
    answer: string | null;
    marks: number;
  };
}

const OPTION_FIELDS = ["option_a", "option_b", "option_c", "option_d", "option_e"] as const;
/** The kinds as a sheet writes them ('Objective', 'True or false', 'T/F', 'Essay'). */
const QUESTION_KIND_WORDS: Record<string, QuestionKind> = {
  objective: "objective",
  obj: "objective",
  multiplechoice: "objective",
  trueorfalse: "true_false",
  truefalse: "true_false",
  tf: "true_false",
  theory: "theory",
  essay: "theory",
};
const wordKey = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "");

/** A question row in the API's own shape: the answer's letter as the option's index, True or False in lower case. */
function questionBody(values: Record<string, string>) {
  const kind = QUESTION_KIND_WORDS[wordKey(values.kind ?? "")] ?? (values.kind ?? "").trim();
  const options = OPTION_FIELDS.map((f) => (values[f] ?? "").trim()).filter(Boolean);
  const written = (values.answer ?? "").trim();
  const letter = /^[a-e]$/i.test(written) ? written.toUpperCase().charCodeAt(0) - 65 : null;
  const answer =
    kind === "objective" ? (letter ?? written) : kind === "true_false" ? written.toLowerCase() : written || null;
  return {
    class: values.class ?? "",
    subject: values.subject ?? "",
    kind,
    text: values.text ?? "",
    options,
    answer: answer === "" ? null : answer,
    marks: (values.marks ?? "").trim() || undefined,
  };
}

const questionColumn = (field: string) => (field === "options" ? "option_a" : field);

const questions: KindRules<PreparedQuestion> = {
  async check(deps, tenant, rows) {
    const settings = await getSchoolSettings(deps, tenant);
    const problems: RowProblem[] = [];
    const prepared: PreparedQuestion[] = [];
    const pause = pauseBetweenSlices();
    for (const row of rows) {
      await pause();
      const body = questionBody(row.values);
      const parsed = questionFields.safeParse(body);
      const errors: FieldErrors = {};
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          (errors[questionColumn(String(issue.path[0] ?? "text"))] ??= []).push(issue.message);
      const schoolClass = settings.classes.find((c) => c.class_name === body.class.trim());
      if (!errors.class && !schoolClass) errors.class = [CBT_MESSAGES.classUnknown];
      else if (!errors.subject && schoolClass && !schoolClass.subjects.includes(body.subject.trim()))
        errors.subject = [CBT_MESSAGES.subjectUnknown];
      if (Object.keys(errors).length || !parsed.success) {
        problems.push(...fieldProblems("questions", row.line, errors));
        continue;
      }
      const q = parsed.data;
      prepared.push({
        line: row.line,
        row: {
          class_name: q.class,
          subject: q.subject,
          kind: q.kind,
          text: q.text,
          options: q.kind === "objective" ? JSON.stringify((q.options ?? []).filter(Boolean)) : null,
          answer: q.kind === "theory" ? null : q.kind === "true_false" ? String(q.answer) : String(Number(q.answer)),
          marks: q.marks ?? 1,
        },
      });
    }
    return { problems, prepared };
  },
  // Questions depend on no other record of the school: nothing to check again inside the commit.
  recheck: async () => [],
  async insert(db, tenant, prepared, now) {
    for (const part of chunks(prepared))
      await db
        .insertInto("cbt_questions")
        .values(
          part.map((p) => ({
            ...p.row,
            school_id: tenant.schoolId,
            image_key: null,
            creation_key: null,
            created_at: now,
          })),
        )
        .execute();
    return prepared.length;
  },
  allowed: (settings) => ({
    Class: settings.classes.map((c) => c.class_name).join(", "),
    Subject: settings.classes.map((c) => `${c.class_name}: ${c.subjects.join(", ")}`).join("; "),
    Kind: "Objective, True or false, Theory",
    Answer: "A, B, C, D or E (objective); True or False (true or false); empty (theory)",
  }),
};

export const KIND_RULES: Record<ImportKind, KindRules> = {
  students: students as unknown as KindRules,
  parents: parents as unknown as KindRules,
  staff: staff as unknown as KindRules,
  questions: questions as unknown as KindRules,
};
