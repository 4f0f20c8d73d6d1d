/**
 * The demo school: about 300 students across JSS1–SS3, their parents (one or two each, brothers and
 * sisters sharing theirs) and 40 staff. The school is registered through the API's own service (same
 * password hashing, same logo storage); people go in as batched multi-row inserts; everything is one
 * transaction.
 */
import type { ApiDeps } from "../../api/context";
import type { NewParent, NewStaff, NewStudent } from "../../api/db/schema";
import { phoneSearchForms, searchText } from "../../api/db/search";
import { publicId } from "../../api/lib/crypto";
import { registerSchool } from "../../api/services/auth";
import { studentSearchText } from "../../api/services/students";
import { currentSession } from "../../contract/calendar";
import { toE164 } from "../../contract/phone";
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

/** A member with the classes they teach in (rows of `staff_classes`). */
type DemoStaff = NewStaff & { classes: string[] };

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
  const teachers = TEACHING_ROLES.map((role, i) => ({
    ...member(role.position, true, role.people && PEOPLES[role.people]),
    classes: taught(role.level, formClass.get(i)),
    form_teacher: formClass.get(i) ?? null,
    subjects: role.subjects.join(", "),
  }));
  const others = NON_TEACHING_POSITIONS.map((position) => ({
    ...member(position, false),
    classes: [],
    form_teacher: null,
    subjects: null,
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
    const people = Object.values(PEOPLES).find((p) => (p.surnames as readonly string[]).includes(surname)) ?? PEOPLES.yoruba;
    const roles = random.next() < TWO_PARENTS_SHARE ? (["Mr.", "Mrs."] as const) : ([random.next() < 0.5 ? "Mr." : "Mrs."] as const);
    const family: Family = { parents: [], children: [index] };
    for (const title of roles) {
      const first = random.pick(title === "Mr." ? people.male : people.female);
      const contact = { name: `${title} ${first} ${surname}`, email: email(first, surname), phone: freshPhone() };
      family.parents.push({
        ...contact,
        address: pupil.address ?? null,
        profile_img_key: null,
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
    pupil.search_text = studentSearchText({ name: pupil.name, admission_number: pupil.admission_number ?? null, email: pupil.email ?? null, phone_number: pupil.phone_number ?? null });
  }
  return all;
}

function inBatches<T>(rows: T[]): T[][] {
  return Array.from({ length: Math.ceil(rows.length / BATCH_ROWS) }, (_, i) => rows.slice(i * BATCH_ROWS, (i + 1) * BATCH_ROWS));
}

export interface DemoSchool {
  unique_id: string;
  password: string;
  school_name: string;
  students: number;
  parents: number;
  teaching_staff: number;
  non_teaching_staff: number;
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
        school_email: `principal@${EMAIL_DOMAIN}`,
        phone_number: "0803 555 0142",
      },
      { field: "logo", filename: "greenfield-logo.png", declaredType: "image/png", bytes: new Uint8Array(logo), size: logo.length, truncated: false },
      undefined,
    );
    const school = await trx.selectFrom("schools").select("id").where("unique_id", "=", registered.unique_id).executeTakeFirstOrThrow();
    const pupils = students(random, school.id, now);
    const team = staff(random, school.id, now);
    const homes = families(random, pupils);
    const stamp = now.toISOString();

    const studentIds = new Map<string, number>();
    for (const batch of inBatches(pupils)) {
      for (const row of await trx.insertInto("students").values(batch).returning(["id", "unique_id"]).execute()) studentIds.set(row.unique_id, row.id);
    }
    const staffIds = new Map<string, number>();
    for (const batch of inBatches(team.map(({ classes: _, ...member }) => member))) {
      for (const row of await trx.insertInto("staff").values(batch).returning(["id", "unique_id"]).execute()) staffIds.set(row.unique_id, row.id);
    }
    const classes = team.flatMap((m) => m.classes.map((class_name) => ({ staff_id: staffIds.get(m.unique_id)!, school_id: school.id, class_name })));
    for (const batch of inBatches(classes)) await trx.insertInto("staff_classes").values(batch).execute();

    const parents = homes.flatMap((home) => home.parents.map((parent) => ({ ...parent, school_id: school.id, unique_id: publicId("PAR"), created_at: stamp, updated_at: stamp, home })));
    const links: { parent_id: number; student_id: number; school_id: number; created_at: string }[] = [];
    for (const batch of inBatches(parents)) {
      const rows = await trx.insertInto("parents").values(batch.map(({ home: _, ...parent }) => parent)).returning(["id", "unique_id"]).execute();
      const ids = new Map(rows.map((r) => [r.unique_id, r.id]));
      for (const parent of batch) {
        for (const child of parent.home.children) {
          links.push({ parent_id: ids.get(parent.unique_id)!, student_id: studentIds.get(pupils[child].unique_id)!, school_id: school.id, created_at: stamp });
        }
      }
    }
    for (const batch of inBatches(links)) await trx.insertInto("parent_students").values(batch).execute();

    const teaching = team.filter((s) => s.is_teaching_staff === 1).length;
    return {
      unique_id: registered.unique_id,
      password: registered.password,
      school_name: registered.admin_data.school_name,
      students: pupils.length,
      parents: parents.length,
      teaching_staff: teaching,
      non_teaching_staff: team.length - teaching,
    };
  });
}
