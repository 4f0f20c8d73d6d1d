import type { SchoolClass, SchoolSettings } from "../../contract/settings";
import { allSubjects, fallbackOptions } from "../../contract/settings";
import type { SchoolApiClient } from "./api.server";

export interface SchoolOptions {
  classes: SchoolClass[];
  /** Every subject the school teaches (each class also carries its own). */
  subjects: string[];
  sessions: string[];
  terms: string[];
  /** True when settings could not be loaded and DESIGN section 7's fallbacks are offered instead. */
  fromFallback: boolean;
}

/**
 * Classes (with their subjects), subjects, sessions and terms for any form, from the school's settings.
 * The fallbacks are offered only when the settings cannot be loaded: a school that removed all its
 * classes is shown no classes, not someone else's.
 */
export async function getSchoolOptions(api: SchoolApiClient, today = new Date()): Promise<SchoolOptions> {
  const result = await api.get<SchoolSettings>("/school-settings");
  if (result.ok && Array.isArray(result.data?.classes)) {
    const fallback = fallbackOptions(today);
    const settings = result.data;
    return {
      classes: settings.classes,
      subjects: allSubjects({ classes: settings.classes, subjects_by_section: settings.subjects_by_section ?? {} }),
      sessions: settings.sessions?.length ? settings.sessions : fallback.sessions,
      terms: settings.terms?.length ? settings.terms : fallback.terms,
      fromFallback: false,
    };
  }
  return { ...fallbackOptions(today), fromFallback: true };
}
