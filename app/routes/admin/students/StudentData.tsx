import { ERASE_REMOVES, STUDENT_MESSAGES } from "../../../../contract/students";

/** Where a student's data is downloaded and erased (the main admin's alone: app/lib/access.ts). */
export const studentDataPaths = {
  download: (id: string) => `/admin/student-data/${encodeURIComponent(id)}/download`,
  missing: (id: string) => `/admin/student-data/${encodeURIComponent(id)}/not-found`,
  erase: (id: string) => `/admin/student-data/${encodeURIComponent(id)}/erase`,
};

/** The erasure's confirmation, on its page and in its dialog: exactly what goes and what stays. */
export function EraseDescription({ name }: { name: string }) {
  return (
    <span className="block space-y-2">
      <span className="block">Erasing {name} removes:</span>
      <span className="block">
        {ERASE_REMOVES.map((part) => (
          <span key={part} className="block">
            – {part}
          </span>
        ))}
      </span>
      <span className="block">{STUDENT_MESSAGES.eraseKept}</span>
      <span className="block font-semibold">{STUDENT_MESSAGES.eraseQuestion}</span>
    </span>
  );
}
