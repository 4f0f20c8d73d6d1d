/**
 * A long form whose edits stay in the page until its save button (a settings section, the report sheet): the notice
 * above the form and beside the button, and the question before leaving it. A file of its own, so that the pages
 * carrying them carry none of the other messages. Recorded in docs/decisions.md.
 */
export const UNSAVED_MESSAGES = {
  notice: "Changes are not saved yet.",
  leaveTitle: "Leave without saving?",
  leaveDescription: "Your changes on this page are not saved yet. Leave and lose them?",
  leave: "Leave without saving",
} as const;
