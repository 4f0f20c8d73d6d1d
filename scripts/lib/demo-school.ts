/**
 * The demo school: about 300 students across JSS1–SS3 and 40 staff. The school is registered through
 * the API's own service (same password hashing, same logo storage); students and staff go in as
 * batched multi-row inserts; everything is one transaction.
 */
import type { ApiDeps } from "../../api/context";
import type { NewStaff, NewStudent } from "../../api/db/schema";
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

function staff(random: Random, schoolId: number, now: Date): NewStaff[] {
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
    return {
      school_id: schoolId,
      unique_id: publicId("STF"),
      name: who.name,
      email: email(who.first, who.surname),
      phone: phone(random),
      address: address(random),
      position,
      gender: who.gender,
      is_teaching_staff: teaching ? 1 : 0,
      profile_img_key: null,
      created_at: stamp,
      updated_at: stamp,
    };
  };
  const teachers = TEACHING_ROLES.map((role, i) => ({
    ...member(role.position, true, role.people && PEOPLES[role.people]),
    class_name: formClass.get(i) ?? random.pick(classesFor(role.level)),
    form_teacher: formClass.get(i) ?? null,
    subjects: role.subjects.join(", "),
  }));
  const others = NON_TEACHING_POSITIONS.map((position) => ({
    ...member(position, false),
    class_name: null,
    form_teacher: null,
    subjects: null,
  }));
  return [...teachers, ...others];
}

function inBatches<T>(rows: T[]): T[][] {
  return Array.from({ length: Math.ceil(rows.length / BATCH_ROWS) }, (_, i) => rows.slice(i * BATCH_ROWS, (i + 1) * BATCH_ROWS));
}

export interface DemoSchool {
  unique_id: string;
  password: string;
  school_name: string;
  students: number;
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
    for (const batch of inBatches(pupils)) await trx.insertInto("students").values(batch).execute();
    const team = staff(random, school.id, now);
    for (const batch of inBatches(team)) await trx.insertInto("staff").values(batch).execute();
    const teaching = team.filter((s) => s.is_teaching_staff === 1).length;
    return {
      unique_id: registered.unique_id,
      password: registered.password,
      school_name: registered.admin_data.school_name,
      students: pupils.length,
      teaching_staff: teaching,
      non_teaching_staff: team.length - teaching,
    };
  });
}
