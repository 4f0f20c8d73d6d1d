import type { SchoolClass, SchoolSettings } from "../../contract/settings";
import { fallbackOptions } from "../../contract/settings";
import type { SchoolApiClient } from "./api.server";

export interface SchoolOptions {
  classes: SchoolClass[];
  sessions: string[];
  terms: string[];
  /** True when settings could not be loaded and DESIGN section 7's fallbacks are offered instead. */
  fromFallback: boolean;
}

/** Classes (with their subjects), sessions and terms for any form, from the school's settings. */
export async function getSchoolOptions(api: SchoolApiClient, today = new Date()): Promise<SchoolOptions> {
  const result = await api.get<SchoolSettings>("/school-settings");
  if (result.ok && result.data?.classes?.length) {
    const fallback = fallbackOptions(today);
    return {
      classes: result.data.classes,
      sessions: result.data.sessions?.length ? result.data.sessions : fallback.sessions,
      terms: result.data.terms?.length ? result.data.terms : fallback.terms,
      fromFallback: false,
    };
  }
  return { ...fallbackOptions(today), fromFallback: true };
}
