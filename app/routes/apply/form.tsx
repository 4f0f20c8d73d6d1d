import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  ADMISSION_FIELD_GROUPS,
  ADMISSION_MESSAGES,
  ANSWER_MAX,
  HONEYPOT_FIELD,
  type AdmissionField,
  type PublicAdmissionForm,
} from "../../../contract/admissions";
import { GENDERS } from "../../../contract/limits";
import { formatWireNaira } from "../../../contract/money";
import { sendApplication } from "~/.server/admissions.server";
import { publicApi } from "~/.server/auth.server";
import { payApplicationOrDone } from "~/.server/payments.server";
import { newFormKey } from "~/.server/form.server";
import { notFound } from "~/.server/not-found.server";
import { API_REFUSED, refuse } from "~/.server/reply.server";
import { Button } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field, controlProps, inputClass } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState, type FieldMeta } from "~/lib/form-state";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * The public application page (/apply/{publicId}): no login; the form is found by its unguessable id.
 * A plain multipart form that works with JavaScript off on the cheapest phone; the API checks every
 * answer and document, and a refusal comes back with every answer kept and each message beside its field.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const form = data && "form" in data ? data.form : null;
  return [{ title: form ? `${form.title} · ${form.school.school_name}` : "Admission form" }];
};

export async function loader({ params, context }: LoaderFunctionArgs) {
  const result = await publicApi(context).get<PublicAdmissionForm>(
    `/api/public/admission-forms/${encodeURIComponent(params.publicId ?? "")}`,
  );
  if (result.status === 404) notFound();
  if (!result.ok)
    return data({ form: null, error: result.message, formKey: "", apiBase: context.apiPublicBase }, { status: 503 });
  return { form: result.data, error: null, formKey: newFormKey(), apiBase: context.apiPublicBase };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const publicId = params.publicId ?? "";
  const sent = await sendApplication(request, context, publicId);
  // An application with a fee to pay online goes on to the checkout; any other to its done page.
  if ("reference" in sent) return payApplicationOrDone(context, publicId, sent.reference);
  return refuse(sent.result, API_REFUSED);
}

function Frame({
  form,
  apiBase,
  children,
}: {
  form: PublicAdmissionForm | null;
  apiBase: string;
  children: React.ReactNode;
}) {
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-5 p-4">
      {form ? (
        <header className="flex items-center gap-3">
          {form.school.logo_url ? (
            <img
              src={`${apiBase}${form.school.logo_url}`}
              alt=""
              width={56}
              height={56}
              className="h-14 w-14 rounded-lg object-contain"
            />
          ) : null}
          <p className="text-lg font-bold text-slate-900">{form.school.school_name}</p>
        </header>
      ) : null}
      {children}
    </main>
  );
}

function TextArea({ label, field, required }: { label: string; field: FieldMeta; required?: boolean }) {
  const { props } = controlProps({ field }, undefined, required);
  return (
    <Field label={label} field={field}>
      <textarea className={inputClass} rows={3} maxLength={ANSWER_MAX.long} {...props} />
    </Field>
  );
}

function Answer({ spec, field, classes }: { spec: AdmissionField; field: FieldMeta; classes: string[] }) {
  const label = spec.required ? spec.label : `${spec.label} (optional)`;
  switch (spec.kind) {
    case "long":
      return <TextArea label={label} field={field} required={spec.required} />;
    case "gender":
      return <SelectField label={label} field={field} required options={GENDERS} placeholder="Select gender" />;
    case "class":
      return <SelectField label={label} field={field} required options={classes} placeholder="Select a class" />;
    case "choice":
      return <SelectField label={label} field={field} options={spec.options!} placeholder="Select" />;
    case "file":
      return (
        <Field
          label={label}
          hint="A picture or a PDF, at most 5 MB."
          field={{ ...field, defaultValue: undefined }}
          inputProps={{ type: "file", accept: "image/png,image/jpeg,image/gif,image/webp,application/pdf" }}
        />
      );
    default: {
      const type =
        spec.kind === "date" ? "date" : spec.kind === "email" ? "email" : spec.kind === "tel" ? "tel" : "text";
      return (
        <Field
          label={label}
          required={spec.required}
          hint={
            spec.kind === "date"
              ? "For example 2014-03-09."
              : spec.kind === "tel"
                ? "A number like 0803 123 4567 is fine."
                : undefined
          }
          field={field}
          inputProps={{
            type,
            maxLength: ANSWER_MAX.other,
            autoComplete: spec.autoComplete,
            inputMode: spec.kind === "tel" ? "tel" : undefined,
          }}
        />
      );
    }
  }
}

export default function ApplicationPage() {
  const { form, error, formKey, apiBase } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const state = useFormState<string>("application", lastResult);
  const hydrated = useHydrated();

  if (!form) {
    return (
      <Frame form={null} apiBase={apiBase}>
        <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
          {error}
        </p>
      </Frame>
    );
  }
  if (!form.open) {
    return (
      <Frame form={form} apiBase={apiBase}>
        <section className="space-y-2 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h1 className="text-2xl font-bold">{ADMISSION_MESSAGES.closed}</h1>
          <p className="text-slate-700">“{form.title}” is not taking applications. Please contact the school.</p>
        </section>
      </Frame>
    );
  }
  return (
    <Frame form={form} apiBase={apiBase}>
      <section className="space-y-1">
        <h1 className="text-2xl font-bold">{form.title}</h1>
        <p className="text-slate-700">
          Application fee: <strong>{formatWireNaira(form.amount)}</strong>
          {form.cbt_enabled ? " · This admission includes a computer-based test (CBT)." : null}
        </p>
        <p className="text-sm text-slate-600">Fields marked (optional) may be left empty.</p>
      </section>
      <Form method="post" encType="multipart/form-data" className="space-y-5" key={state.key} {...state.props}>
        <input type="hidden" name="idempotency_key" value={formKey} />
        <div className="hidden">
          <label htmlFor="application-website">Leave this field empty</label>
          <input id="application-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <ErrorList id={state.errorId} errors={state.errors} />
        {ADMISSION_FIELD_GROUPS.map((group, index) => (
          <fieldset key={group.title} className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <legend className="float-left mb-2 w-full text-lg font-semibold" id={`application-group-${index}`}>
              {group.title}
            </legend>
            {group.fields.some((f) => f.kind === "file") && lastResult && !hydrated ? (
              <p className="clear-both rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
                {ADMISSION_MESSAGES.chooseDocumentsAgain}
              </p>
            ) : null}
            {group.fields.map((spec) => (
              <Answer key={spec.name} spec={spec} field={state.field(spec.name)} classes={form.classes} />
            ))}
          </fieldset>
        ))}
        <Button className="w-full" pending={submitting} pendingLabel="Sending…">
          Submit Application
        </Button>
      </Form>
    </Frame>
  );
}
