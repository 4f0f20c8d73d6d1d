/**
 * The demo school: about 300 students across JSS1–SS3, their parents (one or two each, brothers and
 * sisters sharing theirs) and 40 staff. The school is registered through the API's own service (same
 * password hashing, same logo storage); people go in as batched multi-row inserts; everything is one
 * transaction.
 */
import type { Kysely } from "kysely";
import type { ApiDeps } from "../../api/context";
import type { Database, NewParent, NewStaff, NewStudent } from "../../api/db/schema";
import { phoneSearchForms, searchText } from "../../api/db/search";
import { generatePassword, hashPassword, publicId, randomKey, readableId } from "../../api/lib/crypto";
import { registerSchool } from "../../api/services/auth";
import { notify } from "../../api/services/notifications";
import { studentSearchText } from "../../api/services/students";
import { currentSession, currentTerm } from "../../contract/calendar";
import { reviewPath } from "../../contract/admissions";
import { ALL_CLASSES } from "../../contract/inventory";
import { nameSortKey } from "../../contract/names";
import { toE164 } from "../../contract/phone";
import { DEFAULT_SUBJECTS_BY_SECTION, SECTIONS } from "../../contract/subjects";
import {
  CITIES,
  CLASSES,
  LESSON_SUBJECTS,
  MOBILE_PREFIXES,
  NON_TEACHING_POSITIONS,
  PEOPLES,
  STUDENTS_PER_CLASS,
  TEACHING_ROLES,
  type People,
  type TeachingRole,
} from "./nigerian-data";
import { demoLogo } from "./png";

const BATCH_ROWS = 100;
const EMAIL_DOMAIN = "greenfield.example.ng";

/** A seeded generator, so every demo school has the same people (only its ids differ). */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

const peopleByWeight: People[] = Object.values(PEOPLES).flatMap((p) => Array<People>(p.weight).fill(p));

function person(random: Random, people: People = random.pick(peopleByWeight)) {
  const gender = random.next() < 0.5 ? ("Male" as const) : ("Female" as const);
  const firstNames = gender === "Male" ? people.male : people.female;
  const first = random.pick(firstNames);
  const middle = random.next() < 0.4 ? random.pick(firstNames.filter((n) => n !== first)) : null;
  const surname = random.pick(people.surnames);
  return { gender, first, surname, name: [first, middle, surname].filter(Boolean).join(" ") };
}

function phone(random: Random): string {
  for (;;) {
    const local = `0${random.pick(MOBILE_PREFIXES)}${String(random.int(10_000_000)).padStart(7, "0")}`;
    const e164 = toE164(local);
    if (e164) return e164;
  }
}

function address(random: Random): string {
  const city = random.pick(CITIES);
  return `${1 + random.int(120)} ${random.pick(city.streets)}, ${random.pick(city.areas)}, ${city.name}`;
}

function emailer() {
  const used = new Set<string>();
  return (first: string, surname: string) => {
    const base = `${first}.${surname}`.toLowerCase().replace(/[^a-z.]/g, "");
    let email = `${base}@${EMAIL_DOMAIN}`;
    for (let n = 2; used.has(email); n++) email = `${base}${n}@${EMAIL_DOMAIN}`;
    used.add(email);
    return email;
  };
}

function students(random: Random, schoolId: number, now: Date): NewStudent[] {
  const sessionStart = Number(currentSession(now).split("/")[0]);
  const admitted = new Map<number, number>();
  const email = emailer();
  const stamp = now.toISOString();
  return CLASSES.flatMap((className, level) =>
    Array.from({ length: STUDENTS_PER_CLASS[className] }, () => {
      const who = person(random);
      const year = sessionStart - level;
      const sequence = (admitted.get(year) ?? 0) + 1;
      admitted.set(year, sequence);
      const lessons = random.next() < 0.25;
      const lessonSubjects = className.startsWith("SS") ? LESSON_SUBJECTS.senior : LESSON_SUBJECTS.junior;
      const columns = {
        name: who.name,
        class_name: className,
        gender: who.gender,
        phone_number: phone(random),
        email: random.next() < 0.3 ? email(who.first, who.surname) : null,
        address: address(random),
        admission_number: `ADM/${year}/${String(sequence).padStart(4, "0")}`,
        takes_lesson: lessons ? 1 : 0,
        subjects: lessons ? [...new Set([random.pick(lessonSubjects), random.pick(lessonSubjects)])].join(", ") : null,
      };
      return {
        ...columns,
        sort_name: nameSortKey(columns.name),
        search_text: studentSearchText(columns),
        school_id: schoolId,
        unique_id: publicId("STU"),
        subject_combo: null,
        profile_img_key: null,
        status: "active" as const,
        backlog_reason: null,
        created_at: stamp,
        updated_at: stamp,
      };
    }),
  );
}

/** A member with the (class, subject) pairs they teach (rows of `staff_teaching`). */
type DemoStaff = NewStaff & { teaching: { class: string; subject: string }[] };

/** The default subjects of a class's section (the demo school keeps the default settings). */
const subjectsOfClass = (className: string) =>
  DEFAULT_SUBJECTS_BY_SECTION[className.startsWith("SS") ? SECTIONS.senior : SECTIONS.junior];

function staff(random: Random, schoolId: number, now: Date): DemoStaff[] {
  const email = emailer();
  const stamp = now.toISOString();
  const classesFor = (level: "junior" | "senior" | "both") =>
    CLASSES.filter((c) => level === "both" || (level === "senior") === c.startsWith("SS"));
  // One form teacher per class, from the class teachers (not the heads) who teach at its level.
  const formClass = new Map<number, string>();
  for (const className of CLASSES) {
    const index = TEACHING_ROLES.findIndex(
      (role, i) => role.position === "Teacher" && !formClass.has(i) && classesFor(role.level).includes(className),
    );
    formClass.set(index, className);
  }
  const member = (position: string, teaching: boolean, people?: People) => {
    const who = person(random, people);
    const contact = { name: who.name, email: email(who.first, who.surname), phone: phone(random), position };
    return {
      ...contact,
      school_id: schoolId,
      unique_id: publicId("STF"),
      address: address(random),
      gender: who.gender,
      is_teaching_staff: teaching ? 1 : 0,
      profile_img_key: null,
      sort_name: nameSortKey(contact.name),
      search_text: searchText([contact.name, contact.position, contact.email, ...phoneSearchForms(contact.phone)]),
      created_at: stamp,
      updated_at: stamp,
    };
  };
  // A teacher teaches in their form class and two or three more classes of their level.
  const taught = (level: TeachingRole["level"], form: string | undefined) => {
    const pool = classesFor(level).filter((c) => c !== form);
    const picked = new Set(form ? [form] : []);
    for (let n = 2 + random.int(2); n > 0 && pool.length; n--) picked.add(pool.splice(random.int(pool.length), 1)[0]);
    return CLASSES.filter((c) => picked.has(c));
  };
  // In each class, the teacher's subjects that the class takes.
  const teachers = TEACHING_ROLES.map((role, i) => ({
    ...member(role.position, true, role.people && PEOPLES[role.people]),
    teaching: taught(role.level, formClass.get(i)).flatMap((className) =>
      role.subjects
        .filter((subject) => subjectsOfClass(className).includes(subject))
        .map((subject) => ({ class: className, subject })),
    ),
    form_teacher: formClass.get(i) ?? null,
    teaching_review: null,
  }));
  const others = NON_TEACHING_POSITIONS.map((position) => ({
    ...member(position, false),
    teaching: [],
    form_teacher: null,
    teaching_review: null,
  }));
  return [...teachers, ...others];
}

/** A family's parents and the indexes of its children among the students. */
interface Family {
  parents: Omit<NewParent, "school_id" | "unique_id" | "created_at" | "updated_at">[];
  children: number[];
}

const SIBLING_SHARE = 0.15;
const TWO_PARENTS_SHARE = 0.6;
const PARENT_PHONE_ON_STUDENT = 0.5;

/**
 * Families for the students: most children are their family's only child at the school, about one in
 * seven joins the family of an earlier student (taking its surname). A family has a father, a mother
 * or both; in half the families the children's phone number on file is a parent's.
 */
function families(random: Random, pupils: NewStudent[]): Family[] {
  const email = emailer();
  const usedPhones = new Set<string>();
  const freshPhone = () => {
    let number = phone(random);
    while (usedPhones.has(number)) number = phone(random);
    usedPhones.add(number);
    return number;
  };
  const all: Family[] = [];
  const surnames: string[] = [];
  pupils.forEach((pupil, index) => {
    const words = pupil.name.split(" ");
    if (all.length && random.next() < SIBLING_SHARE) {
      const family = random.int(all.length);
      words[words.length - 1] = surnames[family];
      pupil.name = words.join(" ");
      all[family].children.push(index);
      return;
    }
    const surname = words[words.length - 1];
    const people =
      Object.values(PEOPLES).find((p) => (p.surnames as readonly string[]).includes(surname)) ?? PEOPLES.yoruba;
    const roles =
      random.next() < TWO_PARENTS_SHARE
        ? (["Mr.", "Mrs."] as const)
        : ([random.next() < 0.5 ? "Mr." : "Mrs."] as const);
    const family: Family = { parents: [], children: [index] };
    for (const title of roles) {
      const first = random.pick(title === "Mr." ? people.male : people.female);
      const contact = { name: `${title} ${first} ${surname}`, email: email(first, surname), phone: freshPhone() };
      family.parents.push({
        ...contact,
        address: pupil.address ?? null,
        profile_img_key: null,
        sort_name: nameSortKey(contact.name),
        search_text: searchText([contact.name, contact.email, ...phoneSearchForms(contact.phone)]),
        idempotency_key: null,
      });
    }
    all.push(family);
    surnames.push(surname);
  });
  for (const family of all) {
    if (random.next() >= PARENT_PHONE_ON_STUDENT) continue;
    for (const index of family.children) pupils[index].phone_number = family.parents[0].phone;
  }
  for (const pupil of pupils) {
    pupil.search_text = studentSearchText({
      name: pupil.name,
      admission_number: pupil.admission_number ?? null,
      email: pupil.email ?? null,
      phone_number: pupil.phone_number ?? null,
    });
  }
  return all;
}

function inBatches<T>(rows: T[]): T[][] {
  return Array.from({ length: Math.ceil(rows.length / BATCH_ROWS) }, (_, i) =>
    rows.slice(i * BATCH_ROWS, (i + 1) * BATCH_ROWS),
  );
}

export interface DemoSchool {
  unique_id: string;
  password: string;
  school_name: string;
  students: number;
  parents: number;
  teaching_staff: number;
  non_teaching_staff: number;
  /** Inventory items sold to students (purchases recorded). */
  sales: number;
}

/** What a Nigerian secondary school sells its students: name, class (or All Classes), naira, stock. */
const SHOP: Record<string, Array<[name: string, className: string, naira: number, stock: number]>> = {
  Uniforms: [
    ["White Shirt", "JSS1", 4500, 60],
    ["White Shirt", "SS1", 5000, 40],
    ["Khaki Shorts", ALL_CLASSES, 3500, 80],
    ["Pinafore", ALL_CLASSES, 6000, 30],
    ["School Tie", ALL_CLASSES, 1200, 100],
    ["Old Crest Tie", ALL_CLASSES, 1000, 15],
  ],
  Books: [
    ["New General Mathematics 1", "JSS1", 3800, 50],
    ["Basic Science for JSS 2", "JSS2", 3200, 45],
    ["Macmillan English SS1", "SS1", 4200, 35],
    ["Atlas for Nigerian Schools", ALL_CLASSES, 5500, 25],
  ],
  "PE Kits": [
    ["PE T-Shirt", ALL_CLASSES, 2500, 70],
    ["Track Suit", ALL_CLASSES, 8500, 20],
    ["Canvas Sneakers", ALL_CLASSES, 5000, 0],
  ],
};
/** Items the demo school took off sale with units left: listed, never sold. */
const WITHDRAWN = new Set(["Old Crest Tie"]);
const DEMO_SALES = 40;

/**
 * A demo inventory of three groups, and sales to students of the items for their class:
 * each sale lowers its item's stock as the API's sales do; an item withdrawn from sale is never sold.
 */
async function inventory(random: Random, db: Kysely<Database>, schoolId: number, now: Date): Promise<number> {
  const stamp = now.toISOString();
  const items: Array<{ id: number; name: string; class_name: string; price: number; stock: number; group: string }> =
    [];
  for (const [group, products] of Object.entries(SHOP)) {
    const { id: groupId } = await db
      .insertInto("inventory_groups")
      .values({
        school_id: schoolId,
        name: group,
        name_key: group.toLowerCase(),
        idempotency_key: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [name, className, naira, stock] of products) {
      const { id } = await db
        .insertInto("inventory_items")
        .values({
          school_id: schoolId,
          group_id: groupId,
          name,
          name_key: name.toLowerCase(),
          class_name: className,
          price_kobo: naira * 100,
          quantity: stock,
          withdrawn: WITHDRAWN.has(name) ? 1 : 0,
          idempotency_key: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      items.push({ id, name, class_name: className, price: naira * 100, stock, group });
    }
  }
  const pupils = await db
    .selectFrom("students")
    .select(["id", "unique_id", "name", "class_name"])
    .where("school_id", "=", schoolId)
    .orderBy("id")
    .execute();
  const sales = [];
  for (let n = 0; n < DEMO_SALES; n++) {
    const pupil = random.pick(pupils);
    const choices = items.filter(
      (i) =>
        i.stock > 0 && !WITHDRAWN.has(i.name) && (i.class_name === ALL_CLASSES || i.class_name === pupil.class_name),
    );
    const item = random.pick(choices);
    const quantity = Math.min(item.stock, 1 + random.int(2));
    item.stock -= quantity;
    const names = {
      item_name: item.name,
      class_name: item.class_name,
      group_name: item.group,
      student_name: pupil.name,
    };
    sales.push({
      ...names,
      school_id: schoolId,
      item_id: item.id,
      student_id: pupil.id,
      student_unique_id: pupil.unique_id,
      student_class: pupil.class_name,
      status_at_sale: item.stock ? ("In Stock" as const) : ("Out of Stock" as const),
      quantity,
      unit_price_kobo: item.price,
      total_kobo: item.price * quantity,
      term: currentTerm(now),
      session: currentSession(now),
      search_text: Object.values(names).join(" ").toLowerCase(),
      idempotency_key: null,
      sold_at: new Date(now.getTime() - (DEMO_SALES - n) * 3_600_000).toISOString(),
    });
  }
  await db.insertInto("inventory_purchases").values(sales).execute();
  for (const item of items) {
    await db.updateTable("inventory_items").set({ quantity: item.stock }).where("id", "=", item.id).execute();
  }
  return sales.length;
}

/**
 * Two sub-admins (one disabled) and a few audit entries, so Manage Admins and the audit log have rows.
 * Their passwords are random and never shown: the main admin resets one to hand it out.
 */
async function demoSubAdmins(trx: Kysely<Database>, schoolId: number, now: Date) {
  const stamp = now.toISOString();
  const people = [
    {
      name: "Mr. Emeka Nwosu",
      email: `bursar@${EMAIL_DOMAIN}`,
      phone: "+2348035550143",
      features: "dashboard,students,parents,inventory",
      disabled: 0,
    },
    {
      name: "Miss Halima Bello",
      email: `secretary@${EMAIL_DOMAIN}`,
      phone: null,
      features: "staff,files,time-table",
      disabled: 1,
    },
  ];
  const rows = await trx
    .insertInto("sub_admins")
    .values(
      await Promise.all(
        people.map(async (p) => ({
          ...p,
          school_id: schoolId,
          password_hash: await hashPassword(generatePassword()),
          idempotency_key: null,
          created_at: stamp,
          updated_at: stamp,
        })),
      ),
    )
    .returning(["id", "name"])
    .execute();
  await trx
    .insertInto("audit_log")
    .values([
      {
        school_id: schoolId,
        sub_admin_id: null,
        actor_name: "Main admin",
        kind: "permission",
        summary: `Added sub-admin ${rows[0].name} with Dashboard, Students, Parents, Inventory`,
        record_ids: String(rows[0].id),
        created_at: stamp,
      },
      {
        school_id: schoolId,
        sub_admin_id: null,
        actor_name: "Main admin",
        kind: "permission",
        summary: `Disabled sub-admin ${rows[1].name}`,
        record_ids: String(rows[1].id),
        created_at: stamp,
      },
      {
        school_id: schoolId,
        sub_admin_id: rows[0].id,
        actor_name: rows[0].name,
        kind: "settings",
        summary: "Changed the school settings (sections)",
        record_ids: "",
        created_at: stamp,
      },
    ])
    .execute();
}

/**
 * `principal@…`, or `principal2@…` and on when the database holds an earlier demo school: one school email
 * registers one school.
 */
async function unusedPrincipalEmail(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("schools")
    .select("school_email")
    .where("school_email", "like", `principal%@${EMAIL_DOMAIN}`)
    .execute();
  const used = new Set(rows.map((row) => row.school_email));
  let email = `principal@${EMAIL_DOMAIN}`;
  for (let n = 2; used.has(email); n++) email = `principal${n}@${EMAIL_DOMAIN}`;
  return email;
}

export async function seedDemoSchool(deps: ApiDeps): Promise<DemoSchool> {
  const now = deps.now();
  const random = generator(2026);
  const logo = demoLogo();
  return deps.db.transaction().execute(async (trx) => {
    const registered = await registerSchool(
      { ...deps, db: trx },
      {
        school_name: "Greenfield Demo College",
        principal_name: "Mrs. Folasade Adeyemi",
        school_email: await unusedPrincipalEmail(trx),
        phone_number: "0803 555 0142",
      },
      {
        field: "logo",
        filename: "greenfield-logo.png",
        declaredType: "image/png",
        bytes: new Uint8Array(logo),
        size: logo.length,
        truncated: false,
      },
      undefined,
    );
    const school = await trx
      .selectFrom("schools")
      .select("id")
      .where("unique_id", "=", registered.unique_id)
      .executeTakeFirstOrThrow();
    const pupils = students(random, school.id, now);
    const team = staff(random, school.id, now);
    const homes = families(random, pupils);
    const stamp = now.toISOString();

    const studentIds = new Map<string, number>();
    for (const batch of inBatches(pupils)) {
      const rows = await trx
        .insertInto("students")
        .values(batch)
        .returning(["id", "unique_id", "class_name"])
        .execute();
      for (const row of rows) studentIds.set(row.unique_id, row.id);
      // Each pupil's class of this session, as adding a student records it.
      await trx
        .insertInto("student_classes")
        .values(
          rows.map((row) => ({
            school_id: school.id,
            student_id: row.id,
            session: currentSession(now),
            class_name: row.class_name,
            recorded_at: stamp,
          })),
        )
        .execute();
    }
    const staffIds = new Map<string, number>();
    for (const batch of inBatches(team.map(({ teaching: _, ...member }) => member))) {
      for (const row of await trx.insertInto("staff").values(batch).returning(["id", "unique_id"]).execute())
        staffIds.set(row.unique_id, row.id);
    }
    const pairs = team.flatMap((m) =>
      m.teaching.map((pair) => ({
        staff_id: staffIds.get(m.unique_id)!,
        school_id: school.id,
        class_name: pair.class,
        subject: pair.subject,
      })),
    );
    for (const batch of inBatches(pairs)) await trx.insertInto("staff_teaching").values(batch).execute();

    const parents = homes.flatMap((home) =>
      home.parents.map((parent) => ({
        ...parent,
        school_id: school.id,
        unique_id: publicId("PAR"),
        created_at: stamp,
        updated_at: stamp,
        home,
      })),
    );
    const links: { parent_id: number; student_id: number; school_id: number; created_at: string }[] = [];
    for (const batch of inBatches(parents)) {
      const rows = await trx
        .insertInto("parents")
        .values(batch.map(({ home: _, ...parent }) => parent))
        .returning(["id", "unique_id"])
        .execute();
      const ids = new Map(rows.map((r) => [r.unique_id, r.id]));
      for (const parent of batch) {
        for (const child of parent.home.children) {
          links.push({
            parent_id: ids.get(parent.unique_id)!,
            student_id: studentIds.get(pupils[child].unique_id)!,
            school_id: school.id,
            created_at: stamp,
          });
        }
      }
    }
    for (const batch of inBatches(links)) await trx.insertInto("parent_students").values(batch).execute();

    const teaching = team.filter((s) => s.is_teaching_staff === 1).length;
    const sales = await inventory(random, trx, school.id, now);
    await admissions(random, trx, deps, school.id, now);
    await fees(trx, school.id, now);
    await onlinePayments(trx, school.id, now);
    await results(random, trx, school.id, now);
    await demoSubAdmins(trx, school.id, now);
    await demoMessage(trx, school.id, now);
    await assessments(trx, school.id, now);
    await notesAndAssignments(trx, deps, school.id, now, team, staffIds);
    await demoNotifications(trx, school.id, registered.unique_id, now);
    return {
      unique_id: registered.unique_id,
      password: registered.password,
      school_name: registered.admin_data.school_name,
      students: pupils.length,
      parents: parents.length,
      teaching_staff: teaching,
      non_teaching_staff: team.length - teaching,
      sales,
    };
  });
}

/** The notification centre: each pending application and the first payments, as their services would have said. */
async function demoNotifications(db: Kysely<Database>, schoolId: number, uniqueId: string, now: Date) {
  const pending = await db
    .selectFrom("admission_submissions")
    .select(["id", "student_name", "class_applying_into"])
    .where("school_id", "=", schoolId)
    .where("status", "=", "pending")
    .execute();
  for (const row of pending)
    await notify(
      db,
      schoolId,
      {
        kind: "admission_submitted",
        feature: "admission",
        summary: `New application from ${row.student_name} for ${row.class_applying_into}`,
        link: reviewPath(uniqueId, row.id),
      },
      now,
    );
  const payments = await db
    .selectFrom("fee_payments")
    .innerJoin("students", "students.id", "fee_payments.student_id")
    .select(["fee_payments.student_name", "students.unique_id", "fee_payments.term", "fee_payments.session"])
    .where("fee_payments.school_id", "=", schoolId)
    .orderBy("fee_payments.id")
    .limit(3)
    .execute();
  for (const row of payments)
    await notify(
      db,
      schoolId,
      {
        kind: "payment_recorded",
        feature: "school_fees",
        summary: `Payment recorded for ${row.student_name}`,
        link: `/admin/school-fees/students/${row.unique_id}?${new URLSearchParams({ term: row.term, year: row.session })}`,
      },
      now,
    );
}

/**
 * Lesson notes and assignments: the first two teachers share a note (a picture of the board) for their first class
 * and subject, and set an assignment due next week with a picture attached, stored and counted as uploads are.
 */
async function notesAndAssignments(
  db: Kysely<Database>,
  deps: ApiDeps,
  schoolId: number,
  now: Date,
  team: ReturnType<typeof staff>,
  staffIds: Map<string, number>,
) {
  const stamp = now.toISOString();
  const due = new Date(now.getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
  let used = 0;
  const picture = new Uint8Array(demoLogo());
  const store = async () => {
    const key = randomKey();
    await deps.storage.put(key, picture);
    used += picture.length;
    return { storage_key: key, size: picture.length, mime_type: "image/png" };
  };
  const teachers = team.filter((m) => m.teaching.length).slice(0, 2);
  for (const [i, member] of teachers.entries()) {
    const pair = member.teaching[0];
    const mine = { school_id: schoolId, staff_id: staffIds.get(member.unique_id)!, teacher_name: member.name };
    const of = { class_name: pair.class, subject: pair.subject };
    await db
      .insertInto("lesson_notes")
      .values({
        ...mine,
        ...of,
        week: i + 1,
        term: currentTerm(now),
        session: currentSession(now),
        ...(await store()),
        original_name: `${pair.subject} week ${i + 1} lesson note.png`,
        idempotency_key: null,
        created_at: stamp,
        reviewed_at: i === 0 ? stamp : null,
        reviewed_by: i === 0 ? "Main admin" : null,
        review_comment: i === 0 ? "Clear objectives. Add an evaluation at the end." : null,
      })
      .execute();
    const assignment = await db
      .insertInto("assignments")
      .values({
        ...mine,
        ...of,
        title: `${pair.subject}: revision exercise`,
        instructions: "Answer every question of the exercise in your notebook and show your working.",
        due_date: due,
        idempotency_key: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("assignment_attachments")
      .values({
        school_id: schoolId,
        assignment_id: assignment.id,
        ...(await store()),
        original_name: "revision-exercise.png",
        created_at: stamp,
      })
      .execute();
  }
  await db.insertInto("school_storage").values({ school_id: schoolId, used_bytes: used }).execute();
}

/**
 * Admissions: an open entrance form and a closed one, and applications to the open one, pending and
 * rejected, one with its birth certificate (a small PDF) stored as the application page stores it.
 */
async function admissions(
  random: Random,
  db: Kysely<Database>,
  deps: ApiDeps,
  schoolId: number,
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  const form = (title: string, naira: number, status: "active" | "inactive") => ({
    school_id: schoolId,
    public_id: randomKey() + randomKey(),
    title,
    amount_kobo: naira * 100,
    cbt_enabled: status === "active" ? 1 : 0,
    status,
    idempotency_key: null,
    deleted_at: null,
    created_at: stamp,
    updated_at: stamp,
  });
  const [open] = await db
    .insertInto("admission_forms")
    .values([
      form(`${now.getFullYear()}/${now.getFullYear() + 1} Entrance Examination`, 5000, "active"),
      form("Transfer Students", 2500, "inactive"),
    ])
    .returning("id")
    .execute();
  for (let i = 0; i < 6; i++) {
    const applicant = person(random);
    const parent = person(random);
    const answers = {
      surname: applicant.surname,
      firstName: applicant.first,
      dateOfBirth: `${now.getFullYear() - 11 - (i % 3)}-0${1 + (i % 9)}-1${i}`,
      gender: applicant.gender,
      homeAddress: address(random),
      phoneNumber: phone(random),
      emailAddress: `applicant${i + 1}@${EMAIL_DOMAIN}`,
      classApplyingInto: i % 2 ? "JSS1" : "SS1",
      parentName: `${parent.first} ${applicant.surname}`,
      relationshipToApplicant: "Parent",
    };
    const submission = await db
      .insertInto("admission_submissions")
      .values({
        school_id: schoolId,
        form_id: open.id,
        reference: readableId("ADM", 8),
        student_name: `${answers.firstName} ${answers.surname}`,
        class_applying_into: answers.classApplyingInto,
        status: i === 5 ? "rejected" : "pending",
        form_data: JSON.stringify(answers),
        address_hash: "demo",
        idempotency_key: null,
        student_id: null,
        reviewed_at: i === 5 ? stamp : null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (i === 0) {
      const key = randomKey();
      const bytes = new TextEncoder().encode("%PDF-1.4\n% Demo birth certificate\n%%EOF\n");
      await deps.storage.put(key, bytes);
      await db
        .insertInto("admission_documents")
        .values({
          school_id: schoolId,
          submission_id: submission.id,
          field: "birthCertificate",
          storage_key: key,
          original_name: "birth-certificate.pdf",
          mime_type: "application/pdf",
          size: bytes.length,
          created_at: stamp,
        })
        .execute();
    }
  }
}

/**
 * The term's fees: tuition per section, a development levy and PTA for all, an optional bus fee put on one
 * student in four, a scholarship, and part payments from the first students (receipts RCT-000001 on).
 */
async function fees(db: Kysely<Database>, schoolId: number, now: Date): Promise<void> {
  const stamp = now.toISOString();
  const term = currentTerm(now);
  const session = currentSession(now);
  const fee = (name: string, naira: number, applies_to: "all" | "section", target: string | null, compulsory = 1) => ({
    school_id: schoolId,
    name,
    name_key: name.toLowerCase(),
    amount_kobo: naira * 100,
    applies_to,
    target,
    term,
    session,
    compulsory,
    idempotency_key: null,
    created_at: stamp,
    updated_at: stamp,
  });
  const items = await db
    .insertInto("fee_items")
    .values([
      fee("Tuition", 45_000, "section", "Junior Secondary"),
      fee("Tuition", 60_000, "section", "Senior Secondary"),
      fee("Development levy", 10_000, "all", null),
      fee("PTA", 2_000, "all", null),
      fee("Bus", 15_000, "all", null, 0),
    ])
    .returning(["id", "name"])
    .execute();
  const bus = items.find((i) => i.name === "Bus")!.id;
  const pupils = await db
    .selectFrom("students")
    .select(["id", "name", "class_name"])
    .where("school_id", "=", schoolId)
    .orderBy("id")
    .execute();
  const riders = pupils
    .filter((_, n) => n % 4 === 0)
    .map((p) => ({ fee_item_id: bus, student_id: p.id, school_id: schoolId, created_at: stamp }));
  for (const batch of inBatches(riders)) await db.insertInto("fee_assignments").values(batch).execute();
  await db
    .insertInto("fee_discounts")
    .values({
      school_id: schoolId,
      student_id: pupils[1].id,
      term,
      session,
      amount_kobo: 10_000_00,
      reason: "Sports scholarship",
      idempotency_key: null,
      created_at: stamp,
    })
    .execute();
  const payers = pupils.slice(0, 30);
  const day = (n: number) => new Date(now.getTime() - (30 - n) * 86_400_000).toISOString().slice(0, 10);
  await db
    .insertInto("fee_payments")
    .values(
      payers.map((p, n) => ({
        school_id: schoolId,
        receipt_no: n + 1,
        student_id: p.id,
        student_name: p.name,
        student_class: p.class_name,
        term,
        session,
        amount_kobo: 20_000_00,
        paid_on: day(n),
        method: n % 3 ? "Transfer" : "Cash",
        reference: n % 3 ? `TRF-${1000 + n}` : null,
        idempotency_key: null,
        recorded_at: stamp,
        reversed_at: null,
        reversal_reason: null,
      })),
    )
    .execute();
  await db.insertInto("fee_receipt_counters").values({ school_id: schoolId, last_receipt_no: payers.length }).execute();
}

/**
 * Two school fees paid online by link: one paid, which became the last receipt, and one left pending on the checkout
 * two hours ago (the reconciliation page offers to check it again).
 */
async function onlinePayments(db: Kysely<Database>, schoolId: number, now: Date): Promise<void> {
  const receipt = await db
    .selectFrom("fee_payments")
    .select(["id", "student_id", "student_name", "amount_kobo", "term", "session"])
    .where("school_id", "=", schoolId)
    .orderBy("receipt_no", "desc")
    .executeTakeFirstOrThrow();
  const payment = (reference: string, status: "paid" | "pending", created: Date) => ({
    school_id: schoolId,
    reference,
    purpose: "fees" as const,
    submission_id: null,
    student_id: receipt.student_id,
    term: receipt.term,
    session: receipt.session,
    payer_name: `Parent of ${receipt.student_name}`,
    payer_email: "parent@example.ng",
    amount_kobo: Number(receipt.amount_kobo),
    subaccount_code: null,
    gateway: "sandbox" as const,
    status,
    paystack_fee_kobo: status === "paid" ? 40_000 : null,
    fee_payment_id: status === "paid" ? receipt.id : null,
    sandbox_outcome: status === "paid" ? ("success" as const) : null,
    paid_at: status === "paid" ? created.toISOString() : null,
    checked_at: null,
    created_at: created.toISOString(),
    updated_at: created.toISOString(),
  });
  await db
    .insertInto("online_payments")
    .values([
      payment(`FEE-demo${schoolId}-paid`, "paid", new Date(now.getTime() - 86_400_000)),
      payment(`FEE-demo${schoolId}-pending`, "pending", new Date(now.getTime() - 2 * 3_600_000)),
    ])
    .execute();
  await db
    .updateTable("fee_payments")
    .set({ method: "Online", reference: `FEE-demo${schoolId}-paid` })
    .where("id", "=", receipt.id)
    .execute();
}

/**
 * The term's results of JSS1 in English Language and Mathematics (the default 1st CA 20, 2nd CA 20, Exam 60), a
 * few cells left blank as not taken; JSS1's result is published.
 */
async function results(random: Random, db: Kysely<Database>, schoolId: number, now: Date): Promise<void> {
  const stamp = now.toISOString();
  const term = currentTerm(now);
  const session = currentSession(now);
  const pupils = await db
    .selectFrom("students")
    .select("id")
    .where("school_id", "=", schoolId)
    .where("class_name", "=", "JSS1")
    .orderBy("id")
    .execute();
  const score = (max: number) => (random.next() < 0.05 ? null : Math.round(max * (0.35 + random.next() * 0.65)));
  const rows = ["English Language", "Mathematics"].flatMap((subject) =>
    pupils.map((p) => ({
      school_id: schoolId,
      student_id: p.id,
      class_name: "JSS1",
      subject,
      term,
      session,
      result: "terminal",
      scores: JSON.stringify({ "1st CA": score(20), "2nd CA": score(20), Exam: score(60) }),
      updated_at: stamp,
    })),
  );
  for (const batch of inBatches(rows)) await db.insertInto("result_scores").values(batch).execute();
  await db
    .insertInto("result_publications")
    .values({
      school_id: schoolId,
      class_name: "JSS1",
      term,
      session,
      result: "terminal",
      published: 1,
      version: 1,
      published_at: stamp,
      updated_at: stamp,
    })
    .execute();
}

/** A message to one class's parents, already sent by email: its delivery log lists each parent. */
async function demoMessage(db: Kysely<Database>, schoolId: number, now: Date): Promise<void> {
  const stamp = now.toISOString();
  const first = await db
    .selectFrom("students")
    .select("class_name")
    .where("school_id", "=", schoolId)
    .where("class_name", "is not", null)
    .orderBy("id")
    .executeTakeFirst();
  if (!first?.class_name) return;
  const families = await db
    .selectFrom("parent_students as ps")
    .innerJoin("parents as p", "p.id", "ps.parent_id")
    .innerJoin("students as s", "s.id", "ps.student_id")
    .select(["p.id", "p.name as parent", "p.email", "s.name as student"])
    .where("ps.school_id", "=", schoolId)
    .where("s.class_name", "=", first.class_name)
    .orderBy("p.id")
    .limit(5)
    .execute();
  const body = "Inter-house sports hold on Friday: pupils come in their house colours.";
  const message = await db
    .insertInto("messages")
    .values({
      school_id: schoolId,
      audience: "class",
      target: first.class_name,
      channels: "email",
      body,
      staff_id: null,
      sent_by: "School admin",
      idempotency_key: null,
      created_at: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const seen = new Set<number>();
  const lines = families
    .filter((f) => !seen.has(f.id) && seen.add(f.id))
    .map((f) => ({
      school_id: schoolId,
      message_id: message.id,
      recipient_key: `p${f.id}:email`,
      parent_name: f.parent,
      students: f.student,
      channel: "email",
      address: f.email,
      text: body,
      status: "sent",
      reason: null,
      attempts: 1,
      updated_at: stamp,
    }));
  if (lines.length) await db.insertInto("message_recipients").values(lines).execute();
}

/** Assessments: a JSS1 Mathematics question bank and a test drawn from it, not opened yet. */
async function assessments(db: Kysely<Database>, schoolId: number, now: Date): Promise<void> {
  const stamp = now.toISOString();
  const base = { school_id: schoolId, class_name: "JSS1", subject: "Mathematics", image_key: null, creation_key: null };
  await db
    .insertInto("cbt_questions")
    .values([
      {
        ...base,
        kind: "objective",
        text: "What is 7 × 8?",
        options: JSON.stringify(["54", "56", "64", "48"]),
        answer: "1",
        marks: 1,
        created_at: stamp,
      },
      {
        ...base,
        kind: "true_false",
        text: "Every even number is divisible by 2.",
        options: null,
        answer: "true",
        marks: 1,
        created_at: stamp,
      },
      {
        ...base,
        kind: "theory",
        text: "Explain what a prime number is.",
        options: null,
        answer: null,
        marks: 3,
        created_at: stamp,
      },
    ])
    .execute();
  await db
    .insertInto("cbt_tests")
    .values({
      school_id: schoolId,
      // The code alone, as readableId draws it ("X-ABC234" without its prefix).
      code: readableId("X", 6).slice(2),
      title: "1st CA Mathematics",
      class_name: "JSS1",
      subject: "Mathematics",
      term: currentTerm(now),
      session: currentSession(now),
      duration_minutes: 20,
      question_count: 3,
      opens_at: stamp,
      closes_at: new Date(now.getTime() + 7 * 24 * 3_600_000).toISOString(),
      results_column: "1st CA",
      shuffle: 1,
      grace_minutes: 2,
      lab_network: null,
      pin_key: randomKey() + randomKey(),
      opened_at: null,
      sent_at: null,
      creation_key: null,
      created_at: stamp,
    })
    .execute();
}
