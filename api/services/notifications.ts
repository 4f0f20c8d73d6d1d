import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import { schoolDay } from "../../contract/calendar";
import {
  NOTIFICATION_LIMITS as LIMITS,
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_KINDS,
  TEACHER_NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationList,
  type NotificationRecord,
} from "../../contract/notifications";
import type { ApiDeps, Tenant } from "../context";
import type { Database } from "../db/schema";
import type { Db } from "../db";
import { prepared } from "../db/prepared";
import { ApiError } from "../lib/errors";
import { paginate, type PageParams } from "../lib/pagination";
import { schoolDayFacts } from "./attendance";

/**
 * The notification centre (contract/notifications.ts). An event is one row, written by the service that made it,
 * inside its write's transaction: whoever may see it reads the same row, and the reader's own marks say whether
 * they read it (one row per notification read, or the "mark all" watermark). What a reader sees is filtered in SQL:
 * the main admin everything, a sub-admin the features of the keys they hold, a teacher the registers and results of
 * their form class and the classes they teach.
 */

export interface NotificationEvent {
  kind: NotificationKind;
  /** The feature key a sub-admin needs to see it. */
  feature: string;
  summary: string;
  link: string;
  /** The class it concerns, when a teacher of that class sees it too, and where that teacher goes. */
  className?: string;
  staffLink?: string;
  /** Makes the event once only (a register found missing by two runs of the job). */
  dedupeKey?: string;
}

/** Writes one event for the school; `db` is the transaction of the write that made it. */
export async function notify(db: Db, schoolId: number, event: NotificationEvent, now: Date): Promise<void> {
  const insert = db.insertInto("notifications").values({
    school_id: schoolId,
    kind: event.kind,
    feature: event.feature,
    class_name: event.className ?? null,
    summary: event.summary.slice(0, 300),
    link: event.link,
    staff_link: event.staffLink ?? null,
    dedupe_key: event.dedupeKey ?? null,
    created_at: now.toISOString(),
  });
  await (
    event.dedupeKey ? insert.onConflict((oc) => oc.columns(["school_id", "dedupe_key"]).doNothing()) : insert
  ).execute();
}

/** Whose read marks these are: the main admin, a sub-admin or a teacher. */
export const readerOf = (tenant: Tenant) =>
  tenant.staff ? `staff:${tenant.staff.id}` : tenant.subAdmin ? `sub:${tenant.subAdmin.id}` : "main";

type Notifications = SelectQueryBuilder<Database, "notifications", object>;

/** The school's notifications this reader may see. */
function visible(db: Db, tenant: Tenant): Notifications {
  const base = db.selectFrom("notifications").where("notifications.school_id", "=", tenant.schoolId);
  if (tenant.staff) {
    const staff = tenant.staff;
    return base
      .where("notifications.kind", "in", TEACHER_NOTIFICATION_KINDS)
      .where((eb) =>
        eb.or([
          eb("notifications.class_name", "=", staff.formClass ?? ""),
          eb(
            "notifications.class_name",
            "in",
            eb
              .selectFrom("staff_teaching")
              .select("staff_teaching.class_name")
              .where("staff_teaching.school_id", "=", tenant.schoolId)
              .where("staff_teaching.staff_id", "=", staff.id),
          ),
        ]),
      );
  }
  if (tenant.subAdmin) {
    const keys = [...tenant.subAdmin.features];
    return keys.length ? base.where("notifications.feature", "in", keys) : base.where(sql<boolean>`1 = 0`);
  }
  return base;
}

/** Whether this reader has read the notification: one by one, or all up to their watermark. */
function isRead(eb: ExpressionBuilder<Database, "notifications">, tenant: Tenant) {
  const reader = readerOf(tenant);
  return eb.or([
    eb.exists(
      eb
        .selectFrom("notification_reads")
        .select(sql`1`.as("one"))
        .whereRef("notification_reads.notification_id", "=", "notifications.id")
        .where("notification_reads.reader", "=", reader),
    ),
    eb(
      "notifications.id",
      "<=",
      eb.fn.coalesce(
        eb
          .selectFrom("notification_readers")
          .select("notification_readers.read_through_id")
          .where("notification_readers.school_id", "=", tenant.schoolId)
          .where("notification_readers.reader", "=", reader),
        eb.lit(0),
      ),
    ),
  ]);
}

/** The reader's unread notifications, counted. */
const unreadQuery = (db: Db, tenant: Tenant) =>
  visible(db, tenant)
    .where((eb) => eb.not(isRead(eb, tenant)))
    .select((eb) => eb.fn.countAll().as("n"));

/**
 * The main admin's count, built once (`prepared`): it comes with every page they open. A sub-admin's or teacher's
 * depends on their keys or classes, and is built at each call.
 */
const mainAdminUnread = prepared((db, values: { schoolId: number }) =>
  unreadQuery(db, { schoolId: values.schoolId, uniqueId: "" }),
);

/** The menu's count: the reader's unread notifications, in one query. */
export async function unreadCount(deps: Pick<ApiDeps, "db">, tenant: Tenant): Promise<number> {
  const [row] =
    tenant.staff || tenant.subAdmin
      ? await unreadQuery(deps.db, tenant).execute()
      : await mainAdminUnread(deps.db, { schoolId: tenant.schoolId });
  return Number(row.n);
}

const asKind = (kind: string): NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind) ? (kind as NotificationKind) : "import_committed";

/** `GET /notifications`: the reader's page, newest first, with their unread count. */
export async function listNotifications(deps: ApiDeps, tenant: Tenant, page: PageParams): Promise<NotificationList> {
  const base = visible(deps.db, tenant);
  const [list, unread] = await Promise.all([
    paginate(
      page,
      async () => (await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n as number,
      async (limit, offset) =>
        (
          await base
            .select((eb) => [
              "notifications.id",
              "notifications.kind",
              "notifications.summary",
              "notifications.link",
              "notifications.staff_link",
              "notifications.created_at",
              eb.case().when(isRead(eb, tenant)).then(1).else(0).end().as("read"),
            ])
            .orderBy("notifications.id", "desc")
            .limit(limit)
            .offset(offset)
            .execute()
        ).map(
          (row): NotificationRecord => ({
            id: row.id,
            kind: asKind(row.kind),
            summary: row.summary,
            link: (tenant.staff && row.staff_link) || row.link,
            created_at: row.created_at,
            read: Number(row.read) === 1,
          }),
        ),
    ),
    unreadCount(deps, tenant),
  ]);
  return { ...list, unread };
}

/** `POST /notifications/{id}/read`: marks one as read for this reader; read already, nothing changes. */
export async function markRead(deps: ApiDeps, tenant: Tenant, rawId: string): Promise<void> {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : NaN;
  const found = Number.isFinite(id)
    ? await visible(deps.db, tenant).select("notifications.id").where("notifications.id", "=", id).executeTakeFirst()
    : undefined;
  if (!found) throw new ApiError(404, M.notFound);
  await deps.db
    .insertInto("notification_reads")
    .values({
      notification_id: found.id,
      reader: readerOf(tenant),
      school_id: tenant.schoolId,
      read_at: deps.now().toISOString(),
    })
    .onConflict((oc) => oc.columns(["notification_id", "reader"]).doNothing())
    .execute();
}

/** `POST /notifications/read-all`: everything the reader sees now counts as read; later ones arrive unread. */
export async function markAllRead(deps: ApiDeps, tenant: Tenant): Promise<void> {
  const newest = await visible(deps.db, tenant)
    .select((eb) => eb.fn.max("notifications.id").as("id"))
    .executeTakeFirst();
  const through = Number(newest?.id ?? 0);
  if (!through) return;
  const now = deps.now().toISOString();
  await deps.db
    .insertInto("notification_readers")
    .values({ school_id: tenant.schoolId, reader: readerOf(tenant), read_through_id: through, updated_at: now })
    .onConflict((oc) =>
      oc.columns(["school_id", "reader"]).doUpdateSet({
        read_through_id: (eb) =>
          eb
            .case()
            .when("notification_readers.read_through_id", ">", through)
            .then(eb.ref("notification_readers.read_through_id"))
            .else(through)
            .end(),
        updated_at: now,
      }),
    )
    .execute();
}

/** The daily sweep: notifications older than 90 days go, with their read marks. Answers how many went. */
export async function sweepOldNotifications(deps: Pick<ApiDeps, "db" | "now">): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - LIMITS.keptDays * 86_400_000).toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const old = trx.selectFrom("notifications").select("id").where("created_at", "<", cutoff);
    await trx.deleteFrom("notification_reads").where("notification_id", "in", old).execute();
    const removed = await trx.deleteFrom("notifications").where("created_at", "<", cutoff).executeTakeFirst();
    return Number(removed.numDeletedRows);
  });
}

const lagosHour = new Intl.DateTimeFormat("en-GB", { hour: "numeric", hourCycle: "h23", timeZone: "Africa/Lagos" });

/**
 * The registers not taken by noon: on a school day of a school's term calendar, past noon in Lagos, each class with
 * active students and no register for the day makes one notification (once, whatever how often the job runs). One
 * school's, or every school's with a term covering today. Answers how many classes were found missing.
 */
export async function findMissingRegisters(
  deps: Pick<ApiDeps, "db" | "now">,
  schoolId: number | null,
): Promise<number> {
  const now = deps.now();
  if (Number(lagosHour.format(now)) < LIMITS.registerDueHour) return 0;
  const today = schoolDay(now);
  let schools = deps.db
    .selectFrom("term_dates")
    .select("school_id")
    .distinct()
    .where("starts_on", "<=", today)
    .where("ends_on", ">=", today);
  if (schoolId !== null) schools = schools.where("school_id", "=", schoolId);
  let found = 0;
  for (const { school_id } of await schools.execute()) {
    if ("reason" in (await schoolDayFacts(deps.db, school_id, today))) continue;
    const missing = await deps.db
      .selectFrom("students")
      .select("class_name")
      .distinct()
      .where("school_id", "=", school_id)
      .where("status", "=", "active")
      .where("class_name", "is not", null)
      .where("class_name", "!=", "")
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("attendance_registers")
              .select(sql`1`.as("one"))
              .where("attendance_registers.school_id", "=", school_id)
              .whereRef("attendance_registers.class_name", "=", "students.class_name")
              .where("attendance_registers.date", "=", today),
          ),
        ),
      )
      .execute();
    for (const { class_name } of missing) {
      if (!class_name) continue;
      const query = new URLSearchParams({ class: class_name, date: today });
      await notify(
        deps.db,
        school_id,
        {
          kind: "register_missing",
          feature: "students",
          summary: `The register of ${class_name} was not taken by noon on ${today}`,
          link: `/admin/students/attendance?${query}`,
          className: class_name,
          staffLink: `/staff/attendance?${new URLSearchParams({ date: today })}`,
          dedupeKey: `register:${class_name}:${today}`,
        },
        now,
      );
      found++;
    }
  }
  return found;
}
