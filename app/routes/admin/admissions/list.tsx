import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useState } from "react";
import {
  ADMISSION_SPEC_MESSAGES as SPEC,
  SUBMISSION_STATUSES,
  reviewPath,
  type AdmissionForm,
  type SubmissionRow,
} from "../../../../contract/admissions";
import type { Paginated } from "../../../../contract/http";
import { formatWireNaira } from "../../../../contract/money";
import { withFeeWords } from "~/.server/admissions.server";
import { withAdmin } from "~/.server/auth.server";
import { resultToast } from "~/.server/confirm.server";
import { readFormData } from "~/.server/form.server";
import { returnTo } from "~/.server/return-to";
import { redirectWithToast } from "~/.server/toast.server";
import { FilterForm } from "~/components/list/FilterForm";
import { PagedList } from "~/components/list/PagedList";
import { Button, buttonClass } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { EmptyState } from "~/components/ui/EmptyState";
import { inputClass } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { Tabs } from "~/components/ui/Tabs";
import { Toast, type ToastMessage } from "~/components/ui/Toast";
import { formatDateTime } from "~/lib/dates";
import { keepDataOnTabSwitch, tabOf } from "~/lib/tabs";
import { useHydrated } from "remix-utils/use-hydrated";
import { ADMISSIONS_HOME, StatusBadge, statusLabel, SubmissionFacts } from "./shared";

export const meta: MetaFunction = () => [{ title: "Admission" }];

const TABS = ["forms", "submissions"] as const;

/**
 * Both tabs' lists, so that with JavaScript a tab switch shows the other at once (`Tabs`): `page` is the
 * chosen tab's page (the other shows its first), the status and form filters are the submissions'.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async ({ api, uniqueId }) => {
    const url = new URL(request.url);
    const tab = tabOf(url.search, "tab", TABS);
    const page = url.searchParams.get("page") ?? undefined;
    const status = (SUBMISSION_STATUSES as readonly string[]).includes(url.searchParams.get("status") ?? "")
      ? url.searchParams.get("status")!
      : "";
    const formId = /^\d{1,10}$/.test(url.searchParams.get("form_id") ?? "") ? url.searchParams.get("form_id")! : "";
    const [forms, submissions, options] = await Promise.all([
      api.get<Paginated<AdmissionForm>>("/admission-forms", {
        query: { page: tab === "forms" ? page : undefined },
        fallback: SPEC.failedForms,
      }),
      api.get<Paginated<SubmissionRow>>("/submissions", {
        query: { page: tab === "submissions" ? page : undefined, status, form_id: formId },
        fallback: SPEC.failedSubmissions,
      }),
      api.get<Paginated<AdmissionForm>>("/admission-forms", { query: { per_page: 100 } }),
    ]);
    return {
      origin: context.publicUrl,
      uniqueId,
      // The fee in words here, so the page carries no money formatting of its own.
      forms: forms.ok
        ? { ...forms.data, data: forms.data.data.map((f) => ({ ...f, amount_text: formatWireNaira(f.amount) })) }
        : null,
      formsError: forms.ok ? null : forms.message,
      submissions: submissions.ok ? withFeeWords(submissions.data) : null,
      submissionsError: submissions.ok ? null : submissions.message,
      formOptions: options.ok ? options.data.data.map((f) => ({ value: String(f.id), label: f.title })) : [],
      filters: { status, form_id: formId },
    };
  });
}

export const shouldRevalidate = keepDataOnTabSwitch();

/** Activate or deactivate a form; back to the same page of the list with the product's toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const form = await readFormData(request);
    const id = String(form.get("id") ?? "");
    const status = form.get("status") === "active" ? "active" : "inactive";
    const back = returnTo(form.get("returnTo"), ADMISSIONS_HOME);
    const result = await api.update(
      `/admission-forms/${encodeURIComponent(id)}/toggle-status`,
      { status },
      { method: "PUT", fallback: SPEC.failedToggle },
    );
    return redirectWithToast(
      request,
      context,
      back,
      resultToast(result, status === "active" ? SPEC.activated : SPEC.deactivated),
    );
  });
}

function PublicLink({
  form,
  origin,
  onCopied,
}: {
  form: AdmissionForm & { amount_text: string };
  origin: string;
  onCopied: (toast: ToastMessage) => void;
}) {
  const hydrated = useHydrated();
  const id = `link-${form.id}`;
  const url = `${origin}${form.public_link}`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        Public link
      </label>
      <div className="flex gap-2">
        <input id={id} className={inputClass} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        {hydrated ? (
          <button
            type="button"
            className={buttonClass("secondary")}
            aria-label={`Copy the public link of ${form.title}`}
            onClick={() => {
              navigator.clipboard
                ?.writeText(url)
                .then(() => onCopied({ kind: "success", message: SPEC.linkCopied }))
                .catch(() => document.getElementById(id)?.focus());
            }}
          >
            Copy
          </button>
        ) : null}
      </div>
    </div>
  );
}

function AdmissionFormCard({
  form,
  origin,
  back,
  onCopied,
}: {
  form: AdmissionForm & { amount_text: string };
  origin: string;
  back: string;
  onCopied: (toast: ToastMessage) => void;
}) {
  const next = form.status === "active" ? "inactive" : "active";
  const deletePath = `${ADMISSIONS_HOME}/${form.id}/delete`;
  return (
    <li>
      <article
        aria-label={form.title}
        className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        data-testid="admission-form-card"
      >
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-semibold">{form.title}</h2>
          <StatusBadge status={form.status} />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-600">Application fee</dt>
            <dd className="font-semibold">{form.amount_text}</dd>
          </div>
          <div>
            <dt className="text-slate-600">CBT</dt>
            <dd className="font-semibold">
              {form.cbt_enabled ? (
                <Link to={`${ADMISSIONS_HOME}/${form.id}/cbt-test`} className="text-brand-700 underline">
                  {form.cbt_test_id === null ? "On: choose the test" : "On: test linked"}
                </Link>
              ) : (
                "Off"
              )}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Created</dt>
            <dd className="font-semibold">{formatDateTime(new Date(form.created_at))}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Submissions</dt>
            <dd className="font-semibold">
              <Link to={`${ADMISSIONS_HOME}?tab=submissions&form_id=${form.id}`} className="text-brand-700 underline">
                {form.submission_count}
              </Link>
            </dd>
          </div>
        </dl>
        <PublicLink form={form} origin={origin} onCopied={onCopied} />
        <div className="flex flex-wrap gap-2">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="id" value={form.id} />
            <input type="hidden" name="status" value={next} />
            <input type="hidden" name="returnTo" value={back} />
            <Button variant="secondary" aria-label={`${next === "active" ? "Activate" : "Deactivate"} ${form.title}`}>
              {next === "active" ? "Activate" : "Deactivate"}
            </Button>
          </Form>
          <ConfirmDialog
            href={`${deletePath}?returnTo=${encodeURIComponent(back)}`}
            action={deletePath}
            title="Delete admission form"
            description={`Delete “${form.title}”? Its public link stops working; its submissions are kept.`}
            triggerLabel={
              <>
                <span aria-hidden>Delete</span>
                <span className="sr-only">Delete {form.title}</span>
              </>
            }
            confirmLabel="Delete"
            hiddenFields={{ returnTo: back }}
          />
        </div>
      </article>
    </li>
  );
}

function SubmissionItem({ row, uniqueId }: { row: SubmissionRow & { fee: string }; uniqueId: string }) {
  const hydrated = useHydrated();
  return (
    <li className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="submission-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {/* With JavaScript the review opens in a new tab; without, a plain link. */}
          <a
            href={reviewPath(uniqueId, row.id)}
            target={hydrated ? "_blank" : undefined}
            rel={hydrated ? "noopener" : undefined}
            className="text-brand-700 underline"
          >
            {row.student_name}
          </a>
        </h2>
        <StatusBadge status={row.status} />
      </div>
      <SubmissionFacts row={row} />
    </li>
  );
}

export default function AdmissionForms() {
  const loaded = useLoaderData<typeof loader>();
  const location = useLocation();
  const [copied, setCopied] = useState<ToastMessage | null>(null);
  const back = `${location.pathname}${location.search}`;

  return (
    <div className="space-y-5">
      <Toast toast={copied} />
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Admission</h1>
        <Link to={`${ADMISSIONS_HOME}/create`} className={buttonClass("primary")}>
          Create Form
        </Link>
      </header>
      <Tabs
        label="Admission tabs"
        tabs={[
          {
            value: "forms",
            label: "Forms",
            panel: (
              <PagedList
                label="Admission forms"
                list={loaded.forms}
                error={loaded.formsError}
                empty={
                  <EmptyState title="No admission forms yet">
                    Create a form to share its public link with families.
                  </EmptyState>
                }
              >
                {(form) => (
                  <AdmissionFormCard
                    key={form.id}
                    form={form}
                    origin={loaded.origin}
                    back={back}
                    onCopied={setCopied}
                  />
                )}
              </PagedList>
            ),
          },
          {
            value: "submissions",
            label: "Submissions",
            panel: (
              <>
                <FilterForm label="Filter submissions" submitLabel="Filter">
                  <input type="hidden" name="tab" value="submissions" />
                  <div className="min-w-40 flex-1">
                    <SelectField
                      id="submission-status"
                      label="Status"
                      placeholder="All"
                      options={SUBMISSION_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
                      selectProps={{ name: "status", defaultValue: loaded.filters.status }}
                    />
                  </div>
                  <div className="min-w-40 flex-1">
                    <SelectField
                      id="submission-form"
                      label="Form"
                      placeholder="All forms"
                      options={loaded.formOptions}
                      selectProps={{ name: "form_id", defaultValue: loaded.filters.form_id }}
                    />
                  </div>
                </FilterForm>
                <PagedList
                  label="Submissions"
                  list={loaded.submissions}
                  error={loaded.submissionsError}
                  empty={
                    <EmptyState
                      title={
                        loaded.filters.status || loaded.filters.form_id
                          ? "No submissions match these filters"
                          : "No submissions yet"
                      }
                    />
                  }
                >
                  {(row) => <SubmissionItem key={row.id} row={row} uniqueId={loaded.uniqueId} />}
                </PagedList>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
