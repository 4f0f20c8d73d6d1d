/** What the admission screens share. */
import type { SubmissionRow } from "../../../../contract/admissions";
import { formatDateTime } from "~/lib/dates";

export const ADMISSIONS_HOME = "/admin/admission-forms";

const LABELS: Record<string, string> = {
  active: "Active",
  inactive: "Inactive",
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};
const TONES: Record<string, string> = {
  active: "bg-emerald-100 text-emerald-900",
  approved: "bg-emerald-100 text-emerald-900",
  pending: "bg-amber-100 text-amber-900",
  inactive: "bg-slate-200 text-slate-800",
  rejected: "bg-red-100 text-red-900",
};

export const statusLabel = (status: string) => LABELS[status] ?? status;

/** A form's or a submission's status, in words (never by colour alone). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${TONES[status] ?? "bg-slate-200 text-slate-800"}`}
    >
      {statusLabel(status)}
    </span>
  );
}

/** A submission's form and class, then when it came, its reference and its fee's state, under its name. */
export function SubmissionFacts({ row }: { row: SubmissionRow & { fee: string } }) {
  return (
    <>
      <p className="text-slate-700">
        {row.form_title} · {row.class_applying_into}
      </p>
      <p className="text-sm text-slate-600">
        {formatDateTime(new Date(row.created_at))} · Reference {row.reference}
        {row.fee ? ` · Fee: ${row.fee}` : ""}
      </p>
    </>
  );
}
