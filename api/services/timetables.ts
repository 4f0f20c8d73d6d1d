import { schedulePayload, timetablePayload } from "../../contract/timetables.schema";
import { sql, type Selectable, type SelectQueryBuilder, type Transaction } from "kysely";
import type { Paginated } from "../../contract/http";
import {
  compareSchedules,
  describeSchedule,
  isDated,
  MAX_SCHEDULES,
  schoolToday,
  TIMETABLE_MESSAGES,
  type Day,
  type Schedule,
  type Timetable,
  type TimetableSummary,
  type TimetableType,
} from "../../contract/timetables";
import type { ApiDeps, Tenant } from "../context";
import type { Database, TimetableScheduleTable, TimetableTable } from "../db/schema";
import { containsPattern } from "../db/search";
import { ApiError, fromZod, validationError } from "../lib/errors";
import { paginate, type PageParams } from "../lib/pagination";
import { isRecordKey } from "../lib/record-key";
import { recordAudit } from "./audit";

type Trx = Transaction<Database>;
type TimetableRow = Selectable<TimetableTable>;

const SEARCH_COLUMNS = ["type", "class_name", "session", "term", "venue"] as const;
const MAX_SEARCH_WORDS = 5;

const timetableNotFound = () => new ApiError(404, TIMETABLE_MESSAGES.timetableNotFound);
const scheduleNotFound = () => new ApiError(404, TIMETABLE_MESSAGES.scheduleNotFound);

/** Path ids are positive integers; anything else names nothing. */
function pathId(value: string | undefined, notFound: () => ApiError): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw notFound();
  return Number(value);
}

/** A form's idempotency key, when it looks like one. */
function creationKey(value: string | undefined | null): string | null {
  return value && /^[A-Za-z0-9_-]{16,100}$/.test(value) ? value : null;
}

function toSummary(row: TimetableRow, schedulesCount: number): TimetableSummary {
  return {
    id: row.id,
    type: row.type as TimetableType,
    class: row.class_name,
    session: row.session,
    term: row.term,
    venue: row.venue,
    schedules_count: schedulesCount,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

type ScheduleRow = Selectable<TimetableScheduleTable> & {
  teacher_unique_id: string | null;
  teacher_name: string | null;
};

function toSchedule(row: ScheduleRow): Schedule {
  return {
    id: row.id,
    schedule_day: row.schedule_day as Day,
    schedule_start_time: row.schedule_start_time,
    schedule_end_time: row.schedule_end_time,
    subject: row.subject,
    venue: row.venue,
    schedule_date: row.schedule_date,
    teacher:
      row.teacher_id !== null && row.teacher_unique_id !== null
        ? { id: row.teacher_id, unique_id: row.teacher_unique_id, name: row.teacher_name ?? "" }
        : null,
  };
}

/** Schedules with their teacher's id and name (a teacher of the same school only). */
const scheduleRows = (db: ApiDeps["db"] | Trx) =>
  db
    .selectFrom("timetable_schedules")
    .leftJoin("staff", (join) =>
      join
        .onRef("staff.id", "=", "timetable_schedules.teacher_id")
        .onRef("staff.school_id", "=", "timetable_schedules.school_id"),
    )
    .selectAll("timetable_schedules")
    .select(["staff.unique_id as teacher_unique_id", "staff.name as teacher_name"]);

/** The school's timetables, newest first; every word of `q` must appear in the type, class, session, term or venue. */
export async function listTimetables(
  deps: ApiDeps,
  tenant: Tenant,
  query: PageParams & { q?: string },
): Promise<Paginated<TimetableSummary>> {
  const words = (query.q ?? "").trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  let base = deps.db.selectFrom("timetables").where("timetables.school_id", "=", tenant.schoolId);
  for (const word of words) {
    const pattern = containsPattern(word);
    base = base.where((eb) =>
      eb.or(
        SEARCH_COLUMNS.map(
          (column) => sql<boolean>`lower(${sql.ref(`timetables.${column}`)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  return paginate(
    query,
    async () => (await base.select((eb) => eb.fn.countAll().as("total")).executeTakeFirstOrThrow()).total as number,
    async (limit, offset) => {
      const rows = await base
        .selectAll("timetables")
        .select((eb) =>
          eb
            .selectFrom("timetable_schedules")
            .select((e) => e.fn.countAll<number>().as("n"))
            .whereRef("timetable_schedules.timetable_id", "=", "timetables.id")
            .as("schedules_count"),
        )
        .orderBy("timetables.created_at", "desc")
        .orderBy("timetables.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((row) => toSummary(row, Number(row.schedules_count ?? 0)));
    },
  );
}

async function findTimetable(db: ApiDeps["db"] | Trx, tenant: Tenant, id: number, lock = false) {
  let query = db.selectFrom("timetables").selectAll().where("id", "=", id).where("school_id", "=", tenant.schoolId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw timetableNotFound();
  return row;
}

async function schedulesOf(db: ApiDeps["db"] | Trx, timetableId: number): Promise<Schedule[]> {
  const rows = await scheduleRows(db).where("timetable_schedules.timetable_id", "=", timetableId).execute();
  return rows.map(toSchedule).sort(compareSchedules);
}

/** One timetable with its schedules, by day (or date) and time. */
export async function getTimetable(deps: ApiDeps, tenant: Tenant, rawId: string | undefined): Promise<Timetable> {
  const row = await findTimetable(deps.db, tenant, pathId(rawId, timetableNotFound));
  const { schedules_count: _, ...summary } = toSummary(row, 0);
  return { ...summary, schedules: await schedulesOf(deps.db, row.id) };
}

function parseTimetable(input: unknown) {
  const parsed = timetablePayload.safeParse(input);
  if (!parsed.success) throw fromZod(parsed.error);
  const { class: className, venue, ...rest } = parsed.data;
  return { ...rest, class_name: className, venue: venue ?? null };
}

/**
 * Creates a timetable. A request that repeats an earlier one's idempotency key (a double submit, a retry)
 * answers the timetable the first one made, and `created` is false.
 */
export async function createTimetable(
  deps: ApiDeps,
  tenant: Tenant,
  input: unknown,
  rawKey?: string | null,
): Promise<{ timetable: Timetable; created: boolean }> {
  const fields = parseTimetable(input);
  const key = creationKey(rawKey);
  const earlier = async () =>
    key
      ? deps.db
          .selectFrom("timetables")
          .select("id")
          .where("school_id", "=", tenant.schoolId)
          .where("creation_key", "=", key)
          .executeTakeFirst()
      : undefined;
  const found = await earlier();
  if (found) return { timetable: await getTimetable(deps, tenant, String(found.id)), created: false };

  const now = deps.now().toISOString();
  const inserted = await deps.db
    .insertInto("timetables")
    .values({ ...fields, school_id: tenant.schoolId, creation_key: key, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(["school_id", "creation_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  // No row: a request with the same key won the race a moment ago.
  const id = inserted?.id ?? (await earlier())!.id;
  return { timetable: await getTimetable(deps, tenant, String(id)), created: Boolean(inserted) };
}

/**
 * Updates a timetable. Switching between a Regular School Period (schedules by weekday) and a Test or
 * Exam (schedules by date) is refused while it has schedules, which would lose their meaning.
 */
export async function updateTimetable(
  deps: ApiDeps,
  tenant: Tenant,
  rawId: string | undefined,
  input: unknown,
): Promise<Timetable> {
  const id = pathId(rawId, timetableNotFound);
  const fields = parseTimetable(input);
  await deps.db.transaction().execute(async (trx) => {
    const row = await findTimetable(trx, tenant, id, deps.dialect === "postgres");
    if (isDated(row.type) !== isDated(fields.type)) {
      const has = await trx
        .selectFrom("timetable_schedules")
        .select("id")
        .where("timetable_id", "=", id)
        .limit(1)
        .executeTakeFirst();
      if (has) throw validationError({ type: [TIMETABLE_MESSAGES.typeLocked] });
    }
    await trx
      .updateTable("timetables")
      .set({ ...fields, updated_at: deps.now().toISOString() })
      .where("id", "=", id)
      .where("school_id", "=", tenant.schoolId)
      .execute();
  });
  return getTimetable(deps, tenant, String(id));
}

/** Deletes a timetable and its schedules. */
export async function deleteTimetable(deps: ApiDeps, tenant: Tenant, rawId: string | undefined): Promise<void> {
  const id = pathId(rawId, timetableNotFound);
  await deps.db.transaction().execute(async (trx) => {
    const timetable = await findTimetable(trx, tenant, id, deps.dialect === "postgres");
    await trx.deleteFrom("timetable_schedules").where("timetable_id", "=", id).execute();
    await trx.deleteFrom("timetables").where("id", "=", id).where("school_id", "=", tenant.schoolId).execute();
    const what = `${timetable.type} timetable of ${timetable.class_name}, ${timetable.term} ${timetable.session}`;
    await recordAudit(deps, tenant, { kind: "deletion", summary: `Deleted the ${what}`, recordIds: [id] }, trx);
  });
}

/**
 * Checks a schedule (schedulePayload: times, subject, a day or a date) and refuses one that overlaps
 * another of the same timetable on the same day (Regular School Period) or date (Test, Exam). Touching
 * periods (08:00–09:00, 09:00–10:00) do not overlap. A teacher named must be one of the school's teaching
 * staff, free then: not booked in an overlapping period of any of the school's timetables of the same
 * session and term (weekly periods against weekly ones on the same day, dated ones on the same date).
 */
async function checkedSchedule(
  deps: ApiDeps,
  trx: Trx,
  tenant: Tenant,
  timetable: TimetableRow,
  input: unknown,
  existing?: Schedule,
) {
  const today = schoolToday(deps.now());
  // An unchanged date of an existing schedule may lie in the past; a newly chosen one may not.
  const keepDate = existing?.schedule_date && existing.schedule_date < today ? existing.schedule_date : undefined;
  const parsed = schedulePayload(timetable.type, today, keepDate).safeParse(input);
  if (!parsed.success) throw fromZod(parsed.error);
  const { teacher, ...schedule } = parsed.data;
  const sameTime = <
    Q extends SelectQueryBuilder<
      Database & { timetable_schedules: TimetableScheduleTable },
      "timetable_schedules",
      object
    >,
  >(
    query: Q,
  ) => {
    let q = query
      .where("timetable_schedules.schedule_start_time", "<", schedule.schedule_end_time)
      .where("timetable_schedules.schedule_end_time", ">", schedule.schedule_start_time);
    q = schedule.schedule_date
      ? q.where("timetable_schedules.schedule_date", "=", schedule.schedule_date)
      : q
          .where("timetable_schedules.schedule_date", "is", null)
          .where("timetable_schedules.schedule_day", "=", schedule.schedule_day);
    if (existing) q = q.where("timetable_schedules.id", "!=", existing.id);
    return q as Q;
  };

  const other = await sameTime(scheduleRows(trx).where("timetable_schedules.timetable_id", "=", timetable.id))
    .orderBy("timetable_schedules.schedule_start_time")
    .executeTakeFirst();
  if (other) throw validationError({ schedule_start_time: [`Overlaps ${describeSchedule(toSchedule(other))}`] });

  let teacher_id: number | null = null;
  if (teacher) {
    let member = trx
      .selectFrom("staff")
      .select(["id", "name"])
      .where("school_id", "=", tenant.schoolId)
      .where("is_teaching_staff", "=", 1)
      .where(isRecordKey(teacher));
    // Two bookings of one teacher at once wait for each other.
    if (deps.dialect === "postgres") member = member.forUpdate();
    const found = await member.executeTakeFirst();
    if (!found) throw validationError({ teacher: [TIMETABLE_MESSAGES.teacherUnknown] });
    const booked = await sameTime(
      scheduleRows(trx)
        .innerJoin("timetables", "timetables.id", "timetable_schedules.timetable_id")
        .select("timetables.class_name as booked_class")
        .where("timetable_schedules.school_id", "=", tenant.schoolId)
        .where("timetable_schedules.teacher_id", "=", found.id)
        .where("timetables.session", "=", timetable.session)
        .where("timetables.term", "=", timetable.term),
    )
      .orderBy("timetable_schedules.schedule_start_time")
      .executeTakeFirst();
    if (booked)
      throw validationError({
        teacher: [
          TIMETABLE_MESSAGES.teacherBooked(
            found.name,
            `${booked.booked_class} ${describeSchedule(toSchedule(booked))}`,
          ),
        ],
      });
    teacher_id = found.id;
  }
  return { ...schedule, teacher_id };
}

/** Adds a schedule; a repeated idempotency key answers the schedule the first request made. */
export async function createSchedule(
  deps: ApiDeps,
  tenant: Tenant,
  rawId: string | undefined,
  input: unknown,
  rawKey?: string | null,
): Promise<{ schedule: Schedule; created: boolean }> {
  const id = pathId(rawId, timetableNotFound);
  const key = creationKey(rawKey);
  return deps.db.transaction().execute(async (trx) => {
    const timetable = await findTimetable(trx, tenant, id, deps.dialect === "postgres");
    if (key) {
      const earlier = await scheduleRows(trx)
        .where("timetable_schedules.timetable_id", "=", id)
        .where("timetable_schedules.creation_key", "=", key)
        .executeTakeFirst();
      if (earlier) return { schedule: toSchedule(earlier), created: false };
    }
    const schedule = await checkedSchedule(deps, trx, tenant, timetable, input);
    const { n } = await trx
      .selectFrom("timetable_schedules")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("timetable_id", "=", id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_SCHEDULES)
      throw validationError({ schedule_start_time: [TIMETABLE_MESSAGES.tooManySchedules] });
    const now = deps.now().toISOString();
    const row = await trx
      .insertInto("timetable_schedules")
      .values({
        ...schedule,
        timetable_id: id,
        school_id: tenant.schoolId,
        creation_key: key,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.updateTable("timetables").set({ updated_at: now }).where("id", "=", id).execute();
    return { schedule: await findSchedule(trx, id, String(row.id)), created: true };
  });
}

async function findSchedule(trx: Trx, timetableId: number, rawId: string | undefined): Promise<Schedule> {
  const row = await scheduleRows(trx)
    .where("timetable_schedules.id", "=", pathId(rawId, scheduleNotFound))
    .where("timetable_schedules.timetable_id", "=", timetableId)
    .executeTakeFirst();
  if (!row) throw scheduleNotFound();
  return toSchedule(row);
}

export async function updateSchedule(
  deps: ApiDeps,
  tenant: Tenant,
  rawId: string | undefined,
  rawScheduleId: string | undefined,
  input: unknown,
): Promise<Schedule> {
  const id = pathId(rawId, timetableNotFound);
  return deps.db.transaction().execute(async (trx) => {
    const timetable = await findTimetable(trx, tenant, id, deps.dialect === "postgres");
    const existing = await findSchedule(trx, id, rawScheduleId);
    const schedule = await checkedSchedule(deps, trx, tenant, timetable, input, existing);
    const now = deps.now().toISOString();
    await trx
      .updateTable("timetable_schedules")
      .set({ ...schedule, updated_at: now })
      .where("id", "=", existing.id)
      .where("timetable_id", "=", id)
      .execute();
    await trx.updateTable("timetables").set({ updated_at: now }).where("id", "=", id).execute();
    return findSchedule(trx, id, String(existing.id));
  });
}

export async function deleteSchedule(
  deps: ApiDeps,
  tenant: Tenant,
  rawId: string | undefined,
  rawScheduleId: string | undefined,
): Promise<void> {
  const id = pathId(rawId, timetableNotFound);
  await deps.db.transaction().execute(async (trx) => {
    await findTimetable(trx, tenant, id, deps.dialect === "postgres");
    const existing = await findSchedule(trx, id, rawScheduleId);
    await trx.deleteFrom("timetable_schedules").where("id", "=", existing.id).where("timetable_id", "=", id).execute();
    const when = existing.schedule_date ?? existing.schedule_day;
    await recordAudit(
      deps,
      tenant,
      {
        kind: "deletion",
        summary: `Deleted the ${existing.subject} period of ${when} ${existing.schedule_start_time}`,
        recordIds: [id, existing.id],
      },
      trx,
    );
    await trx.updateTable("timetables").set({ updated_at: deps.now().toISOString() }).where("id", "=", id).execute();
  });
}
