import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ADMISSION_FIELD_GROUPS, reviewPath } from "../../../../contract/admissions";
import { loadSubmission } from "~/.server/admissions.server";
import { withAdmin } from "~/.server/auth.server";
import { Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { formatDate, formatDateTime } from "~/lib/dates";
import { decisionText } from "./decision-text";
import { PAYMENT_MESSAGES } from "../../../../contract/payments";
import { CBT_ADMISSION_MESSAGES as CM } from "../../../../contract/cbt";
import { ADMISSIONS_HOME, StatusBadge } from "./shared";

/**
 * /submission-review/{uniqueId}/{submissionId}: every answer of a submission in its groups, its documents
 * as 'View File' links, and Approve / Reject while it is pending, each asking first (a dialog, or without
 * JavaScript its confirm page `…/approve`, `…/reject`).
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data && "submission" in data && data.submission
        ? `Submission of ${data.submission.student_name}`
        : "Submission review",
  },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, ({ api, uniqueId }) => loadSubmission(api, uniqueId, params));
}

export default function SubmissionReview() {
  const { submission, error, uniqueId } = useLoaderData<typeof loader>();
  if (!submission) {
    return (
      <div className="space-y-5">
        <Link to={`${ADMISSIONS_HOME}?tab=submissions`} className="font-semibold text-brand-700 underline">
          ‹ Submissions
        </Link>
        <Banner>{error}</Banner>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <Link to={`${ADMISSIONS_HOME}?tab=submissions`} className="font-semibold text-brand-700 underline">
        ‹ Submissions
      </Link>
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold">{submission.student_name}</h1>
          <StatusBadge status={submission.status} />
        </div>
        <p className="text-slate-700">
          {submission.title} · Reference {submission.reference} · {formatDateTime(new Date(submission.created_at))}
        </p>
        <p data-testid="submission-payment">
          Application fee: <strong>{PAYMENT_MESSAGES.paymentStatus[submission.payment_status]}</strong>
          {submission.payment_reference ? ` · Payment reference ${submission.payment_reference}` : ""}
        </p>
        {submission.cbt ? (
          <p data-testid="submission-cbt">
            {CM.reviewHeading}: <strong>{submission.cbt.title}</strong> (code {submission.cbt.code}) ·{" "}
            {submission.cbt.status === "not_started"
              ? CM.notTaken
              : `${submission.cbt.status === "in_progress" ? CM.inProgress : CM.taken}: ${submission.cbt.score} / ${submission.cbt.max}`}
            {submission.cbt.unmarked > 0 ? ` · ${CM.theoryPending(submission.cbt.unmarked)}` : ""}
          </p>
        ) : null}
        {submission.student_id ? (
          <p>
            <Link
              to={`/admin/update-student/${submission.student_id}`}
              className="font-semibold text-brand-700 underline"
            >
              Open the student record
            </Link>
          </p>
        ) : null}
      </header>
      {submission.status === "pending" ? (
        <div className="flex flex-wrap gap-2">
          {(["approve", "reject"] as const).map((decision) => {
            const text = decisionText(decision, submission);
            const path = `${reviewPath(uniqueId, submission.id)}/${decision}`;
            return (
              <ConfirmDialog key={decision} href={path} action={path} triggerLabel={text.confirmLabel} {...text} />
            );
          })}
        </div>
      ) : null}
      {ADMISSION_FIELD_GROUPS.map((group, index) => (
        <Panel key={group.title} id={`group-${index}`} title={group.title}>
          <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
            {group.fields.map((field) => {
              const entry = submission.form_data[field.name];
              return (
                <div key={field.name}>
                  <dt className="text-sm text-slate-600">{field.label}</dt>
                  <dd className="whitespace-pre-wrap break-words font-semibold">
                    {!entry ? (
                      <span className="font-normal text-slate-500">—</span>
                    ) : entry.type === "file" ? (
                      <a
                        href={`${reviewPath(uniqueId, submission.id)}/documents/${field.name}`}
                        className="text-brand-700 underline"
                        download
                      >
                        View File<span className="sr-only"> ({field.label})</span>
                      </a>
                    ) : field.kind === "date" ? (
                      formatDate(entry.value)
                    ) : (
                      entry.value
                    )}
                  </dd>
                </div>
              );
            })}
          </dl>
        </Panel>
      ))}
    </div>
  );
}
