import { sessionOptions, TERMS } from "./calendar";

/** School settings (spec section 3): classes with their section and subjects, sessions, terms, report sheet. */
export interface SchoolClass {
  class_name: string;
  section: string;
  subjects: string[];
}

export interface ReportSheetSettings {
  add_position: boolean;
  current_term: string;
  include_attendance: boolean;
  enable_extra_inputs: boolean;
  extra_inputs: string[];
  enable_child_development: boolean;
  child_development_inputs: string[];
  mid_term_columns: string[];
  exam_columns: string[];
  school_signature: boolean;
}

export interface SchoolSettings {
  classes: SchoolClass[];
  sections: string[];
  classes_by_section: Record<string, string[]>;
  subjects_by_section: Record<string, string[]>;
  sessions: string[];
  terms: string[];
  report_sheet: ReportSheetSettings;
  other_settings: Record<string, unknown>;
}

/** DESIGN section 7: when settings cannot be loaded, every screen offers these. */
export const FALLBACK_CLASSES = ["JSS1", "JSS2", "JSS3", "SS1", "SS2", "SS3"] as const;

export function fallbackOptions(today: Date) {
  return {
    classes: FALLBACK_CLASSES.map((class_name) => ({ class_name, section: "", subjects: [] as string[] })),
    sessions: sessionOptions(today),
    terms: [...TERMS],
  };
}
