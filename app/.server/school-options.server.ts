import { resolveSchoolTerm, sessionOptions, TERMS, type SchoolTerm } from "../../contract/calendar";
import type { SchoolClass, SchoolSettings } from "../../contract/settings";
import { allSubjects, FALLBACK_CLASSES, fallbackOptions } from "../../contract/settings";
import type { SchoolApiClient } from "./api.server";

export interface SchoolOptions {
  classes: SchoolClass[];
  /** Every subject the school teaches (each class also carries its own). */
  subjects: string[];
  sessions: string[];
  terms: string[];
  /** The school's current term and session, and those a new timetable starts on (calendar, settings, month). */
  schoolTerm: SchoolTerm;
  /** True when settings could not be loaded and `fallbackOptions` (contract/settings.ts) is offered instead. */
  fromFallback: boolean;
}

const monthTerm = (today: Date) => resolveSchoolTerm(today, null, { term: null, session: null });

async function loadSettings(api: SchoolApiClient): Promise<SchoolSettings | null> {
  const result = await api.get<SchoolSettings>("/school-settings");
  return result.ok && Array.isArray(result.data?.classes) ? result.data : null;
}

/**
 * Classes (with their subjects), subjects, sessions and terms for any form, from the school's settings.
 * The fallbacks are offered only when the settings cannot be loaded: a school that removed all its
 * classes is shown no classes, not someone else's.
 */
export async function getSchoolOptions(api: SchoolApiClient, today = new Date()): Promise<SchoolOptions> {
  const settings = await loadSettings(api);
  if (!settings) return { ...fallbackOptions(today), schoolTerm: monthTerm(today), fromFallback: true };
  return {
    classes: settings.classes,
    subjects: allSubjects({ classes: settings.classes, subjects_by_section: settings.subjects_by_section ?? {} }),
    sessions: settings.sessions?.length ? settings.sessions : sessionOptions(today),
    terms: settings.terms?.length ? settings.terms : [...TERMS],
    schoolTerm: settings.school_term ?? monthTerm(today),
    fromFallback: false,
  };
}

/** Just the class names, for a list's filter: a list page needs no subjects, sessions or terms. */
export async function getClassNames(api: SchoolApiClient): Promise<string[]> {
  // The classes call, not the whole settings: a list page is opened far more often than any form, and the
  // settings answer (report sheet, grade scales, the term worked out from the calendar) costs it for nothing.
  const result = await api.get<{ classes?: SchoolClass[] }>("/getAdminSettingsData");
  return result.ok && Array.isArray(result.data?.classes)
    ? result.data.classes.map((c) => c.class_name)
    : [...FALLBACK_CLASSES];
}
