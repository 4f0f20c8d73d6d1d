/** What the admission screens share. */
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
