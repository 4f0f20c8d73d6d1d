import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import {
  ADMISSION_SPEC_MESSAGES as SPEC,
  SUBMISSION_STATUSES,
  reviewPath,
  type AdmissionForm,
  type SubmissionRow,
} from "../../../../contract/admissions";
import { BULK_DECISION_MESSAGES as BULK, type BulkDecision } from "../../../../contract/admission-decisions";
import type { Paginated } from "../../../../contract/http";
import { withFeeWords } from "~/.server/admissions.server";
import { withAdmin } from "~/.server/auth.server";
import { readFormData } from "~/.server/form.server";
import { API_REFUSED, refuse } from "~/.server/reply.server";
import { returnTo } from "~/.server/return-to";
import { getClassNames } from "~/.server/school-options.server";
import { success, redirectWithToast } from "~/.server/toast.server";
import { FilterForm } from "~/components/list/FilterForm";
import { PagedList } from "~/components/list/PagedList";
import { PageHeader } from "~/components/Page";
import { Button } from "~/components/ui/Button";
import { checkboxClass } from "~/components/ui/Checkbox";
import { EmptyState } from "~/components/ui/EmptyState";
import { ErrorList } from "~/components/ui/ErrorList";
import { SelectField } from "~/components/ui/SelectField";
import { ADMINS_PATH } from "~/lib/access";
import { usePending } from "~/lib/form-state";
import { StatusBadge, statusLabel, SubmissionFacts } from "./shared";

export const meta: MetaFunction = () => [{ title: BULK.title }];

const PATH = "/super-admin/admissions";

/**
 * Every submission of the school's admission forms (`/super-admin/admissions?form_id=&class=&status=&page=`), for
 * the main admin: each opens the review page of the form's screen (approve or reject there), and the chosen ones
 * are approved or rejected at once by one plain form, its two buttons naming the decision.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api, uniqueId }) => {
    const params = new URL(request.url).searchParams;
    const status = (SUBMISSION_STATUSES as readonly string[]).includes(params.get("status") ?? "")
      ? params.get("status")!
      : "";
    const formId = /^\d{1,10}$/.test(params.get("form_id") ?? "") ? params.get("form_id")! : "";
    const [classes, forms] = await Promise.all([
      getClassNames(api),
      api.get<Paginated<AdmissionForm>>("/admission-forms", { query: { per_page: 100 } }),
    ]);
    const className = classes.includes(params.get("class") ?? "") ? params.get("class")! : "";
    const list = await api.get<Paginated<SubmissionRow>>("/submissions", {
      query: { page: params.get("page"), status, form_id: formId, class: className },
      fallback: SPEC.failedSubmissions,
    });
    return {
      uniqueId,
      classes,
      formOptions: forms.ok ? forms.data.data.map((f) => ({ value: String(f.id), label: f.title })) : [],
      filters: { status, form_id: formId, class: className },
      list: list.ok ? withFeeWords(list.data) : null,
      error: list.ok ? null : list.message,
    };
  });
}

/** Approve or reject the chosen submissions; back to the same page of the list with what was done. */
export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const form = await readFormData(request);
    const ids = form.getAll("ids").map(String);
    const decision = form.get("decision") === "approve" ? "approve" : "reject";
    const result = await api.create<BulkDecision>("/submissions/decisions", { ids, decision });
    if (!result.ok) {
      const message = result.fieldErrors.ids?.[0] ?? result.fieldErrors.decision?.[0] ?? result.message;
      return refuse({ error: message, chosen: ids }, API_REFUSED);
    }
    const back = returnTo(form.get("returnTo"), PATH);
    return redirectWithToast(request, context, back, success(result.message ?? BULK.approved(result.data.decided)));
  });
}

function Row({ row, uniqueId, chosen }: { row: SubmissionRow & { fee: string }; uniqueId: string; chosen: boolean }) {
  const id = `choose-${row.id}`;
  return (
    <li className="flex gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <div className="flex min-h-11 items-start pt-1">
        <input
          type="checkbox"
          id={id}
          name="ids"
          value={row.id}
          defaultChecked={chosen}
          disabled={row.status !== "pending"}
          className={checkboxClass}
          aria-label={`Choose ${row.student_name} (${row.reference})`}
        />
      </div>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <a href={reviewPath(uniqueId, row.id)} className="break-words text-lg font-semibold text-brand-700 underline">
            {row.student_name}
          </a>
          <StatusBadge status={row.status} />
        </div>
        <SubmissionFacts row={row} />
      </div>
    </li>
  );
}

export default function AllSubmissions() {
  const { uniqueId, classes, formOptions, filters, list, error } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const location = useLocation();
  const chosen = new Set(refused?.chosen ?? []);
  const approving = usePending({ values: { decision: "approve" } });
  const rejecting = usePending({ values: { decision: "reject" } });
  const filtered = Boolean(filters.status || filters.form_id || filters.class);
  return (
    <div className="space-y-4">
      <PageHeader backTo={ADMINS_PATH} title={BULK.title} />
      <FilterForm label="Filter submissions" submitLabel="Filter">
        <div className="min-w-36 flex-1">
          <SelectField
            id="all-submissions-form"
            label="Form"
            placeholder={BULK.allForms}
            options={formOptions}
            selectProps={{ name: "form_id", defaultValue: filters.form_id }}
          />
        </div>
        <div className="min-w-36 flex-1">
          <SelectField
            id="all-submissions-class"
            label="Class"
            placeholder={BULK.allClasses}
            options={classes.map((c) => ({ value: c, label: c }))}
            selectProps={{ name: "class", defaultValue: filters.class }}
          />
        </div>
        <div className="min-w-36 flex-1">
          <SelectField
            id="all-submissions-status"
            label="Status"
            placeholder={BULK.allStatuses}
            options={SUBMISSION_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            selectProps={{ name: "status", defaultValue: filters.status }}
          />
        </div>
      </FilterForm>
      {/* One plain form around the rows: their checkboxes, and the two buttons naming the decision. */}
      <Form method="post" action={`${PATH}${location.search}`} className="space-y-3">
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <ErrorList id="decisions-error" errors={refused?.error ? [refused.error] : null} />
        <div className="flex flex-wrap gap-2">
          <Button name="decision" value="approve" pending={approving}>
            {BULK.approveChosen}
          </Button>
          <Button name="decision" value="reject" variant="danger" pending={rejecting}>
            {BULK.rejectChosen}
          </Button>
        </div>
        <PagedList
          label="Submissions"
          list={list}
          error={error}
          empty={<EmptyState title={filtered ? "No submissions match these filters" : "No submissions yet"} />}
        >
          {(row) => <Row key={row.id} row={row} uniqueId={uniqueId} chosen={chosen.has(String(row.id))} />}
        </PagedList>
      </Form>
    </div>
  );
}
