import { sql } from "kysely";
import {
  completeClasses,
  completeSettings,
  defaultClassSettings,
  defaultSchoolSettings,
  SETTINGS_MESSAGES,
  type ClassRename,
  type SchoolSettings,
  type SchoolSettingsInput,
} from "../../contract/settings";
import { schoolSettingsSchema } from "../../contract/settings.schema";
import type { ApiDeps, Tenant } from "../context";
import type { Db } from "../db";
import { fromZod, validationError } from "../lib/errors";
import { recordAudit } from "./audit";
import { recordCurrentClasses } from "./class-history";
import { configuredTermAndSession, storedSettings, type StoredSettings } from "./stored-settings";

/** The parts a school has saved; any part missing takes its default. */
const PARTS = [
  "sections",
  "classes",
  "subjects_by_section",
  "sessions",
  "terms",
  "report_sheet",
  "other_settings",
] as const;

const stored = (deps: ApiDeps, tenant: Tenant) => storedSettings(deps.db, tenant.schoolId);

/** The saved parts over the defaults; a report sheet saved before a field of it existed takes that field's default. */
function withDefaults(saved: StoredSettings | null, today: Date): SchoolSettingsInput {
  const defaults = defaultSchoolSettings(today);
  return {
    ...defaults,
    ...saved,
    report_sheet: { ...defaults.report_sheet, ...saved?.report_sheet },
  };
}

/** The report sheet's parts that a request may leave out, keeping their current value. */
const KEPT_REPORT_SHEET_FIELDS = ["score_maxima", "grade_scales", "position_ties"] as const;

export async function getSchoolSettings(deps: ApiDeps, tenant: Tenant): Promise<SchoolSettings> {
  const today = deps.now();
  const saved = await stored(deps, tenant);
  return {
    ...completeSettings(withDefaults(saved, today), today),
    configured_term: configuredTermAndSession(saved).term,
  };
}

/**
 * The school's classes as its settings give them (`getSchoolSettings(...).classes`), without working out the rest:
 * every list page's class filter asks for them.
 */
export async function getSchoolClasses(deps: ApiDeps, tenant: Tenant): Promise<SchoolSettings["classes"]> {
  const saved = await stored(deps, tenant);
  return completeClasses({ ...defaultClassSettings(), ...saved }).classes;
}

/**
 * Lays the parts that were sent over the current settings, checks the whole result and stores it.
 * Nothing is written unless all of it is valid. Subject lists of sections that no longer exist are
 * dropped when the request did not send subject lists itself.
 */
export async function saveSchoolSettings(deps: ApiDeps, tenant: Tenant, body: unknown): Promise<SchoolSettings> {
  const sent = (body as { school_settings?: unknown } | null)?.school_settings;
  if (typeof sent !== "object" || sent === null || Array.isArray(sent)) {
    throw validationError({ school_settings: [SETTINGS_MESSAGES.settingsRequired] });
  }
  const today = deps.now();
  const saved = await stored(deps, tenant);
  const update = Object.fromEntries(
    PARTS.filter((part) => part in sent).map((part) => [part, (sent as Record<string, unknown>)[part]]),
  );
  const current = withDefaults(saved, today);
  const merged: Record<string, unknown> = { ...current, ...update };
  const sentSheet = update.report_sheet;
  if (typeof sentSheet === "object" && sentSheet !== null && !Array.isArray(sentSheet)) {
    merged.report_sheet = {
      ...Object.fromEntries(KEPT_REPORT_SHEET_FIELDS.map((field) => [field, current.report_sheet[field]])),
      ...sentSheet,
    };
  }
  if (Array.isArray(merged.sections)) {
    const sections = merged.sections as unknown[];
    const ofSections = <T>(bySection: Record<string, T>) =>
      Object.fromEntries(Object.entries(bySection).filter(([section]) => sections.includes(section)));
    if (!("subjects_by_section" in update))
      merged.subjects_by_section = ofSections(merged.subjects_by_section as Record<string, string[]>);
    // A removed section's maxima and grades go with it, unless the request sent them itself.
    if (!("report_sheet" in update)) {
      merged.report_sheet = {
        ...current.report_sheet,
        score_maxima: ofSections(current.report_sheet.score_maxima),
        grade_scales: ofSections(current.report_sheet.grade_scales),
      };
    }
  }
  const parsed = schoolSettingsSchema.safeParse(merged);
  if (!parsed.success) throw fromZod(parsed.error);
  const renames = readRenames(body, current.classes, parsed.data.classes);

  // Store what the school has ever sent; the rest (sessions around today, the month's term) stays computed.
  const kept = new Set<string>([...Object.keys(saved ?? {}), ...Object.keys(update)]);
  if (kept.has("sections")) kept.add("subjects_by_section");
  const next: StoredSettings = Object.fromEntries(
    PARTS.filter((part) => kept.has(part)).map((part) => [part, parsed.data[part]]),
  );
  const now = today.toISOString();
  const settings = JSON.stringify(next);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("school_settings")
      .values({ school_id: tenant.schoolId, settings, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column("school_id").doUpdateSet({ settings, updated_at: now }))
      .execute();
    const moved = await moveRenamedClasses(trx, tenant.schoolId, renames, now);
    // Renamed, the students' class of this session is the new name; past sessions keep the name they had.
    await recordCurrentClasses(trx, tenant.schoolId, moved, today);
    const parts = Object.keys(update).join(", ") || "nothing";
    await recordAudit(deps, tenant, { kind: "settings", summary: `Changed the school settings (${parts})` }, trx);
  });
  return { ...completeSettings(parsed.data, today), configured_term: configuredTermAndSession(next).term };
}

/**
 * `class_renames` of the request: each from one of the classes before the save to one of the classes
 * saved, each class at most once on either side. Anything else is refused whole.
 */
function readRenames(body: unknown, before: { class_name: string }[], after: { class_name: string }[]): ClassRename[] {
  const sent = (body as { class_renames?: unknown } | null)?.class_renames;
  if (sent === undefined) return [];
  const oldNames = new Set(before.map((c) => c.class_name));
  const newNames = new Set(after.map((c) => c.class_name));
  const renames = Array.isArray(sent)
    ? sent.filter(
        (r): r is ClassRename =>
          typeof r === "object" &&
          r !== null &&
          typeof r.from === "string" &&
          typeof r.to === "string" &&
          oldNames.has(r.from) &&
          newNames.has(r.to),
      )
    : [];
  const distinct = (names: string[]) => new Set(names).size === names.length;
  if (
    !Array.isArray(sent) ||
    renames.length !== sent.length ||
    !distinct(renames.map((r) => r.from)) ||
    !distinct(renames.map((r) => r.to))
  ) {
    throw validationError({ class_renames: [SETTINGS_MESSAGES.renameUnknown] });
  }
  return renames.filter((r) => r.from !== r.to);
}

/** Names a renamed class passes through on its way, so that no unique index sees a swap half done. */
const ASIDE = "\u0001renaming:";

/**
 * Students (listed or in the backlog), timetables, form teachers and the classes teachers teach in
 * follow their class to its new name; swaps included. Answers the students moved.
 */
async function moveRenamedClasses(db: Db, schoolId: number, renames: ClassRename[], now: string) {
  if (!renames.length) return [];
  const renamed = sql<string>`case class_name ${sql.join(
    renames.map((r) => sql`when ${r.from} then ${r.to}`),
    sql` `,
  )} end`;
  const from = renames.map((r) => r.from);
  const students = await db
    .updateTable("students")
    .set({ class_name: renamed, updated_at: now })
    .where("school_id", "=", schoolId)
    .where("class_name", "in", from)
    .returning(["id", "class_name"])
    .execute();
  await db
    .updateTable("timetables")
    .set({ class_name: renamed, updated_at: now })
    .where("school_id", "=", schoolId)
    .where("class_name", "in", from)
    .execute();
  // A class has one form teacher and a teacher teaches in a class once: both are unique, so names move aside first.
  const rename = async (
    table: "staff" | "staff_teaching",
    column: "form_teacher" | "class_name",
    pairs: ClassRename[],
  ) => {
    const cases = sql.join(
      pairs.map((r) => sql`when ${r.from} then ${r.to}`),
      sql` `,
    );
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = case ${sql.ref(column)} ${cases} end where school_id = ${schoolId} and ${sql.ref(column)} in (${sql.join(pairs.map((r) => r.from))})`.execute(
      db,
    );
  };
  for (const [table, column] of [
    ["staff", "form_teacher"],
    ["staff_teaching", "class_name"],
  ] as const) {
    await rename(
      table,
      column,
      renames.map((r) => ({ from: r.from, to: ASIDE + r.to })),
    );
    await rename(
      table,
      column,
      renames.map((r) => ({ from: ASIDE + r.to, to: r.to })),
    );
  }
  return students;
}
