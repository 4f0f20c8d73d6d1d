import type { SchoolSettingsInput } from "../../contract/settings";
import type { Db } from "../db";

/**
 * A school's saved settings as stored, read by the settings themselves and by what needs the term or session
 * the school set (the term calendar's fallback, the class of a session). `db` may be a transaction.
 */
export type StoredSettings = Partial<SchoolSettingsInput>;

export async function storedSettings(db: Db, schoolId: number): Promise<StoredSettings | null> {
  const row = await db
    .selectFrom("school_settings")
    .select("settings")
    .where("school_id", "=", schoolId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.settings) as StoredSettings) : null;
}

/** The term and session the school set for itself, if it did; screens fall back to the month. */
export function configuredTermAndSession(saved: StoredSettings | null): {
  term: string | null;
  session: string | null;
} {
  const session = saved?.other_settings?.current_session;
  return { term: saved?.report_sheet?.current_term ?? null, session: typeof session === "string" ? session : null };
}
