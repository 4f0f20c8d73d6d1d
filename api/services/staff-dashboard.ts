import { schoolDay } from "../../contract/calendar";
import type { StaffDashboard, StaffLesson, StaffTimetable } from "../../contract/staff-area";
import type { ApiDeps, Tenant } from "../context";
import { MAIN_ADMIN_NAME } from "./audit";
import { schoolDayFacts, weekdayOf } from "./attendance";
import { schoolTerm } from "./calendar";
import { teachingOf } from "./staff";

/**
 * A teacher's periods on the school's timetables of a term: the schedules that name them. `when.day` keeps one
 * day's (a period on that weekday, or a test or exam dated that day); `when.week` the week's (every weekly
 * period, and the tests and exams dated within it).
 */
export async function teacherLessons(
  deps: ApiDeps,
  tenant: Tenant,
  staffId: number,
  term: { term: string; session: string },
  when: { day: string } | { week: { from: string; to: string } },
): Promise<StaffLesson[]> {
  const query = deps.db
    .selectFrom("timetable_schedules as s")
    .innerJoin("timetables as t", "t.id", "s.timetable_id")
    .select((eb) => [
      "t.id as timetable_id",
      "t.type as timetable",
      "t.class_name",
      "s.schedule_day as day",
      "s.schedule_date as date",
      "s.schedule_start_time as start_time",
      "s.schedule_end_time as end_time",
      "s.subject",
      eb.fn.coalesce("s.venue", "t.venue").as("venue"),
    ])
    .where("s.school_id", "=", tenant.schoolId)
    .where("t.school_id", "=", tenant.schoolId)
    .where("s.teacher_id", "=", staffId)
    .where("t.term", "=", term.term)
    .where("t.session", "=", term.session)
    .where((eb) => {
      const weekly = eb("s.schedule_date", "is", null);
      if ("day" in when)
        return eb.or([
          eb("s.schedule_date", "=", when.day),
          eb.and([weekly, eb("s.schedule_day", "=", weekdayOf(when.day))]),
        ]);
      return eb.or([
        weekly,
        eb.and([eb("s.schedule_date", ">=", when.week.from), eb("s.schedule_date", "<=", when.week.to)]),
      ]);
    });
  return query.orderBy("s.schedule_start_time").orderBy("t.class_name").orderBy("s.id").execute();
}

const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The Monday and Sunday of the week of a YYYY-MM-DD day. */
function weekOf(day: string) {
  const at = new Date(`${day}T00:00:00Z`);
  const monday = new Date(at.getTime() - ((at.getUTCDay() + 6) % 7) * 86_400_000);
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return { from: monday.toISOString().slice(0, 10), to: sunday.toISOString().slice(0, 10) };
}

/**
 * The teacher's week (`GET /staff-area/timetable`): the current term's lessons that name them, Monday first and by
 * start time within a day. An admin, who takes no lessons, gets an empty week.
 */
export async function getStaffTimetable(deps: ApiDeps, tenant: Tenant): Promise<StaffTimetable> {
  const me = tenant.staff;
  const week = weekOf(schoolDay(deps.now()));
  const term = await schoolTerm(deps, tenant);
  const lessons = me ? await teacherLessons(deps, tenant, me.id, term, { week }) : [];
  // Already in time order: a stable sort by weekday keeps it within each day.
  lessons.sort((a, b) => WEEK.indexOf(a.day) - WEEK.indexOf(b.day));
  return {
    name: me?.name ?? tenant.subAdmin?.name ?? MAIN_ADMIN_NAME,
    term: term.term,
    session: term.session,
    week_from: week.from,
    week_to: week.to,
    lessons,
  };
}

/**
 * The teacher's dashboard: today's lessons, their form class with its head count, and whether today's register
 * of it is taken. An admin, who takes no lessons and has no form class, gets an empty one.
 */
export async function getStaffDashboard(deps: ApiDeps, tenant: Tenant): Promise<StaffDashboard> {
  const me = tenant.staff;
  const today = schoolDay(deps.now());
  const term = await schoolTerm(deps, tenant);
  const [school, lessons, teaching] = await Promise.all([
    deps.db.selectFrom("schools").select("school_name").where("id", "=", tenant.schoolId).executeTakeFirstOrThrow(),
    me ? teacherLessons(deps, tenant, me.id, term, { day: today }) : [],
    me ? teachingOf(deps.db, tenant, [me.id]) : null,
  ]);
  let formClass: StaffDashboard["form_class"] = null;
  if (me?.formClass) {
    const [count, register, facts] = await Promise.all([
      deps.db
        .selectFrom("students")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("school_id", "=", tenant.schoolId)
        .where("class_name", "=", me.formClass)
        .where("status", "=", "active")
        .executeTakeFirstOrThrow(),
      deps.db
        .selectFrom("attendance_registers")
        .select("id")
        .where("school_id", "=", tenant.schoolId)
        .where("class_name", "=", me.formClass)
        .where("date", "=", today)
        .executeTakeFirst(),
      schoolDayFacts(deps.db, tenant.schoolId, today),
    ]);
    formClass = {
      class_name: me.formClass,
      students: Number(count.n),
      register_taken: Boolean(register),
      school_day: !("reason" in facts),
    };
  }
  return {
    name: me?.name ?? tenant.subAdmin?.name ?? MAIN_ADMIN_NAME,
    school_name: school.school_name,
    today,
    term: term.term,
    session: term.session,
    lessons,
    form_class: formClass,
    teaching: (me && teaching?.get(me.id)) || [],
  };
}
