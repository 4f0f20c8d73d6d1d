/**
 * The grading page's words (docs/decisions.md): each section's score maxima and grade scale and the tie rule, on a
 * page of their own beside the report sheet's columns. Apart from contract/settings.ts, which most pages load.
 */
export const GRADING_WORDS = {
  title: "Grading",
  intro: "Each section's score maxima and grade scale, and how tied positions are numbered:",
  columnsHint: "The score columns are set on",
  reportSheetLink: "Report Sheet Columns",
  sections: "Score maxima and grades by section",
} as const;

/** The toast after a report sheet save that left these sections' saved maxima not adding up to 100. */
export const maximaResetMessage = (sections: readonly string[]) =>
  `Settings updated successfully! The score maxima of ${sections.join(", ")} did not fit the new exam columns and now take the defaults: check them here.`;
