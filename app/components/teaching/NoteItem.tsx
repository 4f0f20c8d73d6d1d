import type { ReactNode } from "react";
import { formatDate } from "../../../contract/calendar";
import { formatFileSize } from "../../../contract/file-size";
import { NOTE_MESSAGES as M, type LessonNote } from "../../../contract/notes";

/** A lesson note in a list: its file, its class, subject and week, its review, and the row's links. */
export function NoteItem({
  note,
  showTeacher,
  children,
}: {
  note: LessonNote;
  showTeacher?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="space-y-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <p className="break-words font-semibold">{note.original_name}</p>
      <p className="text-sm text-slate-700">
        {note.subject} · {note.class_name} · {M.weekLabel(note.week)} · {note.term}, {note.session}
      </p>
      <p className="text-sm text-slate-600">
        {showTeacher ? `${note.teacher} · ` : null}
        {formatFileSize(note.size)} · {formatDate(note.created_at)}
      </p>
      {note.reviewed_at ? (
        <p className="rounded-lg bg-green-50 p-2 text-sm text-green-900">
          <span className="font-semibold">{M.reviewedBy(note.reviewed_by)}</span>
          {note.review_comment ? `: ${note.review_comment}` : null}
        </p>
      ) : (
        <p className="text-sm text-slate-600">{M.notReviewed}</p>
      )}
      <div className="flex flex-wrap gap-2">{children}</div>
    </li>
  );
}
