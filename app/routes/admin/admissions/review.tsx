import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import {
  ADMISSION_FIELD_GROUPS,
  ADMISSION_SPEC_MESSAGES as SPEC,
  reviewPath,
  type SubmissionDetail,
} from "../../../../contract/admissions";
import { withAdmin } from "~/.server/auth.server";
import { resultToast } from "~/.server/confirm.server";
import { readFormData } from "~/.server/form.server";
import { notFound } from "~/.server/not-found.server";
import { redirectWithToast } from "~/.server/toast.server";
import { Panel } from "~/components/Page";
import { Banner } from "~/components/ui/Banner";
import { Button } from "~/components/ui/Button";
import { formatDate, formatDateTime } from "~/lib/dates";
import { ADMISSIONS_HOME, StatusBadge } from "./shared";
import { usePending } from "~/lib/form-state";

/**
 * /submission-review/{uniqueId}/{submissionId}: every answer of a submission in its groups, its documents
 * as 'View File' links, and Approve / Reject while it is pending.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data && "submission" in data && data.submission
        ? `Submission of ${data.submission.student_name}`
        : "Submission review",
  },
];

const submissionPath = (id: string | undefined) => `/submissions/${encodeURIComponent(id ?? "")}`;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api, uniqueId }) => {
    const back = { to: `${ADMISSIONS_HOME}?tab=submissions`, label: "Back to submissions" };
    if (params.uniqueId?.toUpperCase() !== uniqueId) notFound(SPEC.noSubmission, back);
    const result = await api.get<SubmissionDetail>(`${submissionPath(params.submissionId)}/details`, {
      fallback: SPEC.failedDetails,
    });
    if (result.ok) return { submission: result.data, error: null, uniqueId };
    if (result.status === 404) notFound(SPEC.noSubmission, back);
    const message = result.status === 403 ? SPEC.mainAdminOnly : result.message;
    return data({ submission: null, error: message, uniqueId }, { status: result.status === 403 ? 403 : 200 });
  });
}

/** Approve or reject; the page reloads with the product's toast. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api, uniqueId }) => {
    const form = await readFormData(request);
    const approve = form.get("intent") === "approve";
    const result = await api.update(
      `${submissionPath(params.submissionId)}/${approve ? "approve" : "reject"}`,
      {},
      { method: "PUT", fallback: approve ? SPEC.failedApprove : SPEC.failedReject },
    );
    const toast = resultToast(result, approve ? SPEC.approved : SPEC.rejected);
    return redirectWithToast(request, context, reviewPath(uniqueId, params.submissionId ?? ""), toast);
  });
}

export default function SubmissionReview() {
  const { submission, error, uniqueId } = useLoaderData<typeof loader>();
  const approving = usePending({ intent: "approve" });
  const rejecting = usePending({ intent: "reject" });
  const sending = approving || rejecting;
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
        <Form method="post" className="flex flex-wrap gap-2">
          <Button name="intent" value="approve" pending={approving} disabled={sending} pendingLabel="Approving…">
            Approve
          </Button>
          <Button
            name="intent"
            value="reject"
            variant="danger"
            pending={rejecting}
            disabled={sending}
            pendingLabel="Rejecting…"
          >
            Reject
          </Button>
        </Form>
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
