import { completeSettings, defaultSchoolSettings, SETTINGS_MESSAGES, type SchoolSettings } from "../../contract/settings";
import { schoolSettingsSchema, type SchoolSettingsInput } from "../../contract/settings.schema";
import type { ApiDeps, Tenant } from "../context";
import { fromZod, validationError } from "../lib/errors";

/** The parts a school has saved; any part missing takes its default. */
type StoredSettings = Partial<SchoolSettingsInput>;

const PARTS = ["sections", "classes", "subjects_by_section", "sessions", "terms", "report_sheet", "other_settings"] as const;

async function stored(deps: ApiDeps, tenant: Tenant): Promise<StoredSettings | null> {
  const row = await deps.db.selectFrom("school_settings").select("settings").where("school_id", "=", tenant.schoolId).executeTakeFirst();
  return row ? (JSON.parse(row.settings) as StoredSettings) : null;
}

const withDefaults = (saved: StoredSettings | null, today: Date): SchoolSettingsInput => ({ ...defaultSchoolSettings(today), ...saved });

/** The term and session the school set for itself, if it did; screens fall back to the month. */
function configured(saved: StoredSettings | null): { term: string | null; session: string | null } {
  const session = saved?.other_settings?.current_session;
  return { term: saved?.report_sheet?.current_term ?? null, session: typeof session === "string" ? session : null };
}

export async function getSchoolSettings(deps: ApiDeps, tenant: Tenant): Promise<SchoolSettings> {
  const today = deps.now();
  const saved = await stored(deps, tenant);
  return { ...completeSettings(withDefaults(saved, today), today), configured_term: configured(saved).term };
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
  const update = Object.fromEntries(PARTS.filter((part) => part in sent).map((part) => [part, (sent as Record<string, unknown>)[part]]));
  const merged: Record<string, unknown> = { ...withDefaults(saved, today), ...update };
  if (!("subjects_by_section" in update) && Array.isArray(merged.sections)) {
    const sections = merged.sections as unknown[];
    merged.subjects_by_section = Object.fromEntries(
      Object.entries(merged.subjects_by_section as Record<string, string[]>).filter(([section]) => sections.includes(section)),
    );
  }
  const parsed = schoolSettingsSchema.safeParse(merged);
  if (!parsed.success) throw fromZod(parsed.error);

  // Store what the school has ever sent; the rest (sessions around today, the month's term) stays computed.
  const kept = new Set<string>([...Object.keys(saved ?? {}), ...Object.keys(update)]);
  if (kept.has("sections")) kept.add("subjects_by_section");
  const next: StoredSettings = Object.fromEntries(PARTS.filter((part) => kept.has(part)).map((part) => [part, parsed.data[part]]));
  const now = today.toISOString();
  const settings = JSON.stringify(next);
  await deps.db
    .insertInto("school_settings")
    .values({ school_id: tenant.schoolId, settings, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("school_id").doUpdateSet({ settings, updated_at: now }))
    .execute();
  return { ...completeSettings(parsed.data, today), configured_term: configured(next).term };
}

export async function configuredTermAndSession(deps: ApiDeps, tenant: Tenant) {
  return configured(await stored(deps, tenant));
}
