/**
 * What a teacher may attach to a lesson note or an assignment: a PDF, a Word document or a picture, told by the
 * file's bytes (api/lib/file-types.ts), within the file manager's size limit and the school's storage quota.
 */
export const TEACHING_FILE_TYPES = [
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
] as const;

export const isTeachingFileType = (mime: string) => (TEACHING_FILE_TYPES as readonly string[]).includes(mime);

/** The `accept` of a file input choosing one. */
export const TEACHING_FILE_ACCEPT = ".pdf,.doc,.docx,.png,.jpg,.jpeg,.gif,.webp";

export const TEACHING_FILE_MESSAGES = {
  typeRefused: "Upload a PDF, a Word document or a picture (JPEG, PNG, GIF or WebP). Not accepted: {names}",
  notTaught: (subject: string, className: string) =>
    `You do not teach ${subject} in ${className}: choose one of the classes and subjects your staff record lists.`,
  readOnly: "Teachers add and change their own notes and assignments: the admins read them.",
  chooseClass: "Choose a class and subject",
  pairLabel: "Class and subject",
  fileHint: "A PDF, a Word document or a picture, at most 5MB.",
} as const;

/** A teacher's (class, subject) pair as one form value, "JSS1|Mathematics": one select works without JavaScript. */
export const pairValue = (pair: { class: string; subject: string }) => `${pair.class}|${pair.subject}`;
export function pairOf(value: string | undefined): { class: string; subject: string } | null {
  const at = value?.indexOf("|") ?? -1;
  if (!value || at < 1 || at === value.length - 1) return null;
  return { class: value.slice(0, at), subject: value.slice(at + 1) };
}
