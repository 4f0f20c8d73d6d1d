import type { Insertable } from "kysely";
import { randomBytes } from "node:crypto";
import { openAndMigrate, type Db } from "../api/db";
import type { FileTable } from "../api/db/schema";
import { nameSortKey } from "../contract/names";
import { phoneSearchForms, searchText } from "../api/db/search";
import { localStorage } from "../api/storage/local";
import type { FileStorage } from "../api/storage/storage";
import { registerSchool } from "../api/services/auth";
import { schoolTerm } from "../api/services/calendar";
import { getSchoolSettings, saveSchoolSettings } from "../api/services/settings";
import { storageRow } from "../api/services/files";
import path from "node:path";

/**
 * The scale data set of the bench, and the small one CI runs. Every student has one or two parents; one
 * family in eight has two children at the school.
 */
export const SCALE = {
  students: 5000,
  staff: 300,
  timetables: 100,
  schedules: 40,
  otherSchools: 200,
  otherStudents: 500,
  inventoryGroups: 12,
  itemsPerGroup: 20,
  purchases: 5000,
  folders: 40,
  files: 2000,
};
export const SMALL = {
  students: 300,
  staff: 20,
  timetables: 5,
  schedules: 40,
  otherSchools: 3,
  otherStudents: 50,
  inventoryGroups: 4,
  itemsPerGroup: 5,
  purchases: 200,
  folders: 3,
  files: 60,
};
export type Scale = typeof SCALE;

const FIRST = [
  "Adebayo",
  "Chinedu",
  "Aisha",
  "Oluwaseun",
  "Ngozi",
  "Ibrahim",
  "Funke",
  "Emeka",
  "Zainab",
  "Tunde",
  "Amaka",
  "Musa",
  "Yetunde",
  "Obinna",
  "Hauwa",
  "Kelechi",
  "Bisola",
  "Uche",
  "Fatima",
  "Segun",
];
const LAST = [
  "Okafor",
  "Adeyemi",
  "Bello",
  "Eze",
  "Abubakar",
  "Ogunleye",
  "Nwosu",
  "Balogun",
  "Okonkwo",
  "Yusuf",
  "Adewale",
  "Obi",
  "Lawal",
  "Chukwu",
  "Afolabi",
  "Danjuma",
  "Onyeka",
  "Salami",
  "Ibekwe",
  "Olawale",
];
const CLASSES = ["JSS1", "JSS2", "JSS3", "SS1", "SS2", "SS3"];
const CHUNK = 200;

function student(schoolId: number, n: number, now: string) {
  const name = `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]} ${n}`;
  const admission = `ADM/2026/${String(n).padStart(5, "0")}`;
  const phone = `+234803${String(1000000 + n).slice(-7)}`;
  return {
    school_id: schoolId,
    unique_id: `STU-${randomBytes(9).toString("base64url")}`,
    name,
    class_name: CLASSES[n % CLASSES.length],
    gender: n % 2 ? "Female" : "Male",
    phone_number: phone,
    email: null,
    address: "12 Allen Avenue, Ikeja, Lagos",
    admission_number: admission,
    takes_lesson: 0,
    subjects: null,
    subject_combo: null,
    profile_img_key: null,
    status: "active" as const,
    backlog_reason: null,
    search_text: searchText([name, admission, ...phoneSearchForms(phone)]),
    sort_name: nameSortKey(name),
    idempotency_key: null,
    created_at: now,
    updated_at: now,
  };
}

async function insertChunks<T>(db: Db, table: "students" | "staff" | "parents" | "parent_students", rows: T[]) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + CHUNK) as never)
        .execute();
    }
  });
}

export async function fillDatabase(file: string, scale: Scale, publicUrl: string) {
  const { db, dialect, close } = await openAndMigrate(file);
  const deps = {
    db,
    dialect,
    storage: localStorage(path.join(path.dirname(file), "uploads")),
    now: () => new Date(),
    publicUrl,
  };
  const logo = {
    field: "logo",
    filename: "logo.png",
    declaredType: "image/png",
    bytes: new Uint8Array(
      Buffer.from(
        "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8cfc000000301010018dd8db40000000049454e44ae426082",
        "hex",
      ),
    ),
    size: 69,
    truncated: false,
  };
  const main = await registerSchool(
    deps,
    {
      school_name: "Greenfield College, Ọ̀yọ́",
      principal_name: "Mrs. Adebímpé Ṣíkírù",
      school_email: "bench@greenfield.ng",
      phone_number: "08031234567",
    },
    logo,
    undefined,
  );
  const now = new Date().toISOString();
  const mainId = (
    await db.selectFrom("schools").select("id").where("unique_id", "=", main.unique_id).executeTakeFirstOrThrow()
  ).id;

  await insertChunks(
    db,
    "students",
    Array.from({ length: scale.students }, (_, n) => student(mainId, n, now)),
  );
  await fillParents(db, mainId, 0, scale.students, now);
  await insertChunks(
    db,
    "staff",
    Array.from({ length: scale.staff }, (_, n) => {
      const contact = {
        name: `${FIRST[(n + 7) % FIRST.length]} ${LAST[(n + 3) % LAST.length]}`,
        email: `staff${n}@greenfield.ng`,
        phone: `+234805${String(1000000 + n).slice(-7)}`,
        position: n % 4 ? "Teacher" : "Bursar",
      };
      return {
        ...contact,
        school_id: mainId,
        unique_id: `STF-${randomBytes(9).toString("base64url")}`,
        address: "Bodija, Ibadan",
        form_teacher: null,
        is_teaching_staff: n % 4 ? 1 : 0,
        gender: n % 2 ? "Female" : "Male",
        profile_img_key: null,
        search_text: searchText([contact.name, contact.position, contact.email, ...phoneSearchForms(contact.phone)]),
        sort_name: nameSortKey(contact.name),
        idempotency_key: null,
        created_at: now,
        updated_at: now,
      };
    }),
  );

  // Other schools share one password hash: hashing 200 passwords would only slow the fill down.
  const hash = (
    await db.selectFrom("schools").select("password_hash").where("id", "=", mainId).executeTakeFirstOrThrow()
  ).password_hash;
  for (let s = 0; s < scale.otherSchools; s++) {
    const other = await db
      .insertInto("schools")
      .values({
        unique_id: `SCH-B${String(s).padStart(6, "0")}`,
        school_name: `Other School ${s}`,
        principal_name: "Mr. Okon",
        school_email: `other${s}@school.ng`,
        phone_number: "+2348030000000",
        logo_key: null,
        signature_key: null,
        password_hash: hash,
        registration_key: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const first = 100000 + s * scale.otherStudents;
    await insertChunks(
      db,
      "students",
      Array.from({ length: scale.otherStudents }, (_, n) => student(other.id, first + n, now)),
    );
    await fillParents(db, other.id, first, scale.otherStudents, now);
  }

  const timetables = await fillTimetables(db, mainId, scale, now);
  await fillInventory(db, mainId, scale, now);
  await fillFees(db, mainId, now);
  const broadsheet = await fillBroadsheetClass(deps, { schoolId: mainId, uniqueId: main.unique_id }, now);
  const files = await fillFiles(db, deps.storage, mainId, scale, now);
  await close();
  return {
    uniqueId: main.unique_id,
    password: main.password,
    searchTerm: "okafor",
    studentsRouteId: "routes/admin/students/list",
    parentsRouteId: "routes/admin/parents/list",
    staffRouteId: "routes/admin/staff/list",
    timetableRouteId: "routes/admin/timetables/view",
    inventoryRouteId: "routes/admin/inventory/home",
    filesRouteId: "routes/admin/files/list",
    folderRouteId: "routes/admin/files/folder",
    feesRouteId: "routes/admin/fees/school-fees",
    feesTerm: FEE_TERM,
    broadsheetRouteId: "routes/admin/results/broadsheet",
    broadsheet,
    ...timetables,
    ...files,
  };
}

/**
 * Parents of the students numbered `first`…`first + count - 1` of a school (in the order they were
 * inserted): student n and n + 1 are one family when n is a multiple of 8; two families in three have
 * two parents, named after the first child's surname.
 */
async function fillParents(db: Db, schoolId: number, first: number, count: number, now: string) {
  const students = await db
    .selectFrom("students")
    .select("id")
    .where("school_id", "=", schoolId)
    .orderBy("id")
    .execute();
  const parents: Array<Record<string, unknown>> = [];
  const families: Array<{ children: number[]; parents: number }> = [];
  for (let i = 0; i < count; i++) {
    const n = first + i;
    if (i > 0 && (n - 1) % 8 === 0) {
      families[families.length - 1].children.push(students[i].id);
      continue;
    }
    const surname = LAST[Math.floor(n / FIRST.length) % LAST.length];
    const titles = n % 3 ? ["Mr.", "Mrs."] : ["Mrs."];
    families.push({ children: [students[i].id], parents: titles.length });
    for (const [p, title] of titles.entries()) {
      const contact = {
        name: `${title} ${FIRST[(n + p * 3) % FIRST.length]} ${surname} ${n}`,
        email: `parent${n}.${p}@family.ng`,
        phone: `+23480${p ? 7 : 6}${String(1000000 + n).slice(-7)}`,
      };
      parents.push({
        ...contact,
        school_id: schoolId,
        unique_id: `PAR-${randomBytes(9).toString("base64url")}`,
        address: "12 Allen Avenue, Ikeja, Lagos",
        profile_img_key: null,
        search_text: searchText([contact.name, contact.email, ...phoneSearchForms(contact.phone)]),
        sort_name: nameSortKey(contact.name),
        idempotency_key: null,
        created_at: now,
        updated_at: now,
      });
    }
  }
  await insertChunks(db, "parents", parents);
  const parentIds = (
    await db.selectFrom("parents").select("id").where("school_id", "=", schoolId).orderBy("id").execute()
  ).map((r) => r.id);
  const links: Array<{ parent_id: number; student_id: number; school_id: number; created_at: string }> = [];
  let next = 0;
  for (const family of families) {
    for (const parentId of parentIds.slice(next, next + family.parents)) {
      for (const studentId of family.children)
        links.push({ parent_id: parentId, student_id: studentId, school_id: schoolId, created_at: now });
    }
    next += family.parents;
  }
  await insertChunks(db, "parent_students", links);
}

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const SUBJECTS = [
  "Mathematics",
  "English Language",
  "Basic Science",
  "Yoruba",
  "Civic Education",
  "Computer Studies",
  "Agricultural Science",
  "Business Studies",
];

/** Timetables of 40 periods: eight one-hour-or-less periods on each weekday. */
async function fillTimetables(db: Db, schoolId: number, scale: Scale, now: string) {
  let largest = 0;
  for (let t = 0; t < scale.timetables; t++) {
    const timetable = await db
      .insertInto("timetables")
      .values({
        school_id: schoolId,
        type: "Regular School Period",
        class_name: CLASSES[t % CLASSES.length],
        session: "2026/2027",
        term: "1st Term",
        venue: `Block ${String.fromCharCode(65 + (t % 6))}`,
        creation_key: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const schedules = Array.from({ length: scale.schedules }, (_, n) => {
      const hour = 8 + (n % 8);
      return {
        timetable_id: timetable.id,
        school_id: schoolId,
        schedule_day: DAYS[Math.floor(n / 8) % DAYS.length],
        schedule_start_time: `${String(hour).padStart(2, "0")}:00`,
        schedule_end_time: `${String(hour).padStart(2, "0")}:45`,
        subject: SUBJECTS[n % SUBJECTS.length],
        venue: null,
        schedule_date: null,
        creation_key: null,
        created_at: now,
        updated_at: now,
      };
    });
    await db.insertInto("timetable_schedules").values(schedules).execute();
    largest = timetable.id;
  }
  return { largestTimetableId: largest, schedulesInLargest: scale.schedules };
}

const GROUPS = [
  "Uniforms",
  "Textbooks",
  "PE Kits",
  "Stationery",
  "Lab Coats",
  "Sports Bags",
  "Sandals",
  "Cardigans",
  "Readers",
  "Workbooks",
  "Art Supplies",
  "Badges",
];

/** Inventory groups of 20 items, and a term of sales spread over the school's students. */
async function fillInventory(db: Db, schoolId: number, scale: Scale, now: string) {
  const items: Array<{ id: number; name: string; class_name: string; price_kobo: number; group: string }> = [];
  for (let g = 0; g < scale.inventoryGroups; g++) {
    const name = GROUPS[g % GROUPS.length] + (g >= GROUPS.length ? ` ${g}` : "");
    const group = await db
      .insertInto("inventory_groups")
      .values({
        school_id: schoolId,
        name,
        name_key: name.toLowerCase(),
        idempotency_key: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: scale.itemsPerGroup }, (_, n) => {
      const itemName = `${name} item ${n + 1}`;
      return {
        school_id: schoolId,
        group_id: group.id,
        name: itemName,
        name_key: itemName.toLowerCase(),
        class_name: CLASSES[n % CLASSES.length],
        price_kobo: 150_000 + n * 25_050,
        quantity: 40 + n,
        idempotency_key: null,
        created_at: now,
        updated_at: now,
      };
    });
    const inserted = await db
      .insertInto("inventory_items")
      .values(rows)
      .returning(["id", "name", "class_name", "price_kobo"])
      .execute();
    items.push(...inserted.map((i) => ({ ...i, price_kobo: Number(i.price_kobo), group: name })));
  }
  const students = await db
    .selectFrom("students")
    .select(["id", "unique_id", "name", "class_name"])
    .where("school_id", "=", schoolId)
    .orderBy("id")
    .limit(scale.purchases)
    .execute();
  const purchases = Array.from({ length: scale.purchases }, (_, n) => {
    const item = items[n % items.length];
    const student = students[n % students.length];
    const quantity = 1 + (n % 3);
    return {
      school_id: schoolId,
      item_id: item.id,
      student_id: student.id,
      student_unique_id: student.unique_id,
      student_name: student.name,
      student_class: student.class_name,
      item_name: item.name,
      class_name: item.class_name,
      group_name: item.group,
      status_at_sale: "In Stock" as const,
      quantity,
      unit_price_kobo: item.price_kobo,
      total_kobo: item.price_kobo * quantity,
      term: "1st Term",
      session: "2026/2027",
      search_text: `${item.name} ${item.class_name} ${item.group} ${student.name}`.toLowerCase(),
      idempotency_key: null,
      sold_at: new Date(Date.parse(now) - (scale.purchases - n) * 60_000).toISOString(),
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < purchases.length; i += CHUNK)
      await trx
        .insertInto("inventory_purchases")
        .values(purchases.slice(i, i + CHUNK))
        .execute();
  });
}

const FOLDERS = [
  "Admission Letters",
  "Report Cards",
  "Receipts",
  "Staff Records",
  "Circulars",
  "Exam Papers",
  "Photos",
  "Minutes",
];

/** Folders of scanned records, each file a small PDF really in the storage; the first folder holds the most. */
async function fillFiles(db: Db, storage: FileStorage, schoolId: number, scale: Scale, now: string) {
  const folderIds: number[] = [];
  for (let f = 0; f < scale.folders; f++) {
    const name = `${FOLDERS[f % FOLDERS.length]} ${2000 + f}`;
    const row = await db
      .insertInto("file_folders")
      .values({ school_id: schoolId, name, name_key: name.toLowerCase(), created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    folderIds.push(row.id);
  }
  const bytes = new TextEncoder().encode("%PDF-1.4\n% a scanned page\n%%EOF\n");
  const rows: Insertable<FileTable>[] = [];
  for (let n = 0; n < scale.files; n++) {
    const key = randomBytes(16).toString("hex");
    await storage.put(key, bytes);
    // Half the files in the first folder, the rest spread over the others.
    const folder = n % 2 === 0 ? folderIds[0] : folderIds[1 + (n % (folderIds.length - 1))];
    rows.push({
      school_id: schoolId,
      folder_id: folder,
      upload_id: null,
      storage_key: key,
      original_name: `Scan ${String(n).padStart(5, "0")}.pdf`,
      size: bytes.length,
      mime_type: "application/pdf",
      created_at: now,
    });
  }
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += CHUNK)
      await trx
        .insertInto("files")
        .values(rows.slice(i, i + CHUNK))
        .execute();
  });
  await storageRow(db, schoolId);
  await db
    .updateTable("school_storage")
    .set({ used_bytes: rows.length * bytes.length })
    .where("school_id", "=", schoolId)
    .execute();
  return { largestFolder: `${FOLDERS[0]} 2000` };
}

/** The broadsheet's class: 60 students, 15 subjects, every score of the current term entered. */
export const BROADSHEET_CLASS = { name: "JSS1 Gold", students: 60, subjects: 15 };

/**
 * A class of its own for the broadsheet, added to the school's settings with 15 subjects, and its students'
 * scores of the school's current term (terminal result) in each: 1st CA, 2nd CA and Exam.
 */
async function fillBroadsheetClass(
  deps: Parameters<typeof getSchoolSettings>[0],
  tenant: { schoolId: number; uniqueId: string },
  now: string,
) {
  const settings = await getSchoolSettings(deps, tenant);
  const subjects = Array.from(
    { length: BROADSHEET_CLASS.subjects },
    (_, n) => `Subject ${String(n + 1).padStart(2, "0")}`,
  );
  await saveSchoolSettings(deps, tenant, {
    school_settings: {
      classes: [
        ...settings.classes,
        { class_name: BROADSHEET_CLASS.name, section: settings.classes[0].section, subjects },
      ],
    },
  });
  const { term, session } = await schoolTerm(deps, tenant);
  const students = Array.from({ length: BROADSHEET_CLASS.students }, (_, n) => ({
    ...student(tenant.schoolId, 900_000 + n, now),
    class_name: BROADSHEET_CLASS.name,
  }));
  await insertChunks(deps.db, "students", students);
  const ids = await deps.db
    .selectFrom("students")
    .select("id")
    .where("school_id", "=", tenant.schoolId)
    .where("class_name", "=", BROADSHEET_CLASS.name)
    .execute();
  const scores = ids.flatMap(({ id }, i) =>
    subjects.map((subject, j) => ({
      school_id: tenant.schoolId,
      student_id: id,
      class_name: BROADSHEET_CLASS.name,
      subject,
      term,
      session,
      result: "terminal",
      scores: JSON.stringify({ "1st CA": (i + j) % 21, "2nd CA": (i * 3 + j) % 21, Exam: (i * 7 + j * 5) % 61 }),
      updated_at: now,
    })),
  );
  await deps.db.transaction().execute(async (trx) => {
    for (let i = 0; i < scores.length; i += CHUNK)
      await trx
        .insertInto("result_scores")
        .values(scores.slice(i, i + CHUNK))
        .execute();
  });
  return { className: BROADSHEET_CLASS.name, term, year: session };
}

/** The term the sales of `fillInventory` are recorded under, which the fees fill too. */
export const FEE_TERM = { term: "1st Term", year: "2026/2027" };

/**
 * A term of fees: tuition per class, a levy per section, PTA for all, an optional bus fee put on one student
 * in three (so every student is billed), and a term of payments: seven students in ten pay part of their
 * bill over ten weeks, half of those a second time.
 */
async function fillFees(db: Db, schoolId: number, now: string) {
  const { term, year: session } = FEE_TERM;
  const fee = (
    name: string,
    amountNaira: number,
    applies_to: "all" | "section" | "class",
    target: string | null,
    compulsory = 1,
  ) => ({
    school_id: schoolId,
    name,
    name_key: name.toLowerCase(),
    amount_kobo: amountNaira * 100,
    applies_to,
    target,
    term,
    session,
    compulsory,
    idempotency_key: null,
    created_at: now,
    updated_at: now,
  });
  const items = [
    ...CLASSES.map((c, i) => fee("Tuition", 45_000 + i * 5_000, "class", c)),
    fee("Development levy", 10_000, "section", "Junior Secondary"),
    fee("Development levy", 12_500, "section", "Senior Secondary"),
    fee("PTA", 2_000, "all", null),
    fee("Bus", 15_000, "all", null, 0),
  ];
  const inserted = await db.insertInto("fee_items").values(items).returning(["id", "name"]).execute();
  const bus = inserted.find((f) => f.name === "Bus")!.id;
  const students = await db
    .selectFrom("students")
    .select(["id", "name", "class_name"])
    .where("school_id", "=", schoolId)
    .orderBy("id")
    .execute();
  const assignments = students
    .filter((_, n) => n % 3 === 0)
    .map((s) => ({ fee_item_id: bus, student_id: s.id, school_id: schoolId, created_at: now }));
  const termStart = Date.parse("2026-09-14T09:00:00Z");
  const payments: Array<Record<string, unknown>> = [];
  students.forEach((s, n) => {
    if (n % 10 >= 7) return;
    const times = n % 2 ? 2 : 1;
    for (let t = 0; t < times; t++) {
      const day = new Date(termStart + ((n * 7 + t * 20) % 70) * 86_400_000).toISOString().slice(0, 10);
      payments.push({
        school_id: schoolId,
        receipt_no: payments.length + 1,
        student_id: s.id,
        student_name: s.name,
        student_class: s.class_name,
        term,
        session,
        amount_kobo: (t ? 15_000 : 20_000) * 100,
        paid_on: day,
        method: n % 3 ? "Transfer" : "Cash",
        reference: n % 3 ? `TRF-${n}-${t}` : null,
        idempotency_key: null,
        recorded_at: `${day}T10:00:00.000Z`,
        reversed_at: null,
        reversal_reason: null,
      });
    }
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < assignments.length; i += CHUNK)
      await trx
        .insertInto("fee_assignments")
        .values(assignments.slice(i, i + CHUNK))
        .execute();
    for (let i = 0; i < payments.length; i += CHUNK)
      await trx
        .insertInto("fee_payments")
        .values(payments.slice(i, i + CHUNK) as never)
        .execute();
    await trx
      .insertInto("fee_receipt_counters")
      .values({ school_id: schoolId, last_receipt_no: payments.length })
      .execute();
  });
}
