import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ADMISSION_SPEC_MESSAGES as SPEC, type AdmissionForm } from "../../../../contract/admissions";
import { koboToNaira } from "../../../../contract/money";
import { withAdmin } from "~/.server/auth.server";
import { admissionCreateForm } from "~/.server/form-schemas";
import { newFormKey, readFormData } from "~/.server/form.server";
import { redirectWithToast, success } from "~/.server/toast.server";
import { API_REFUSED, apiReply, refuse } from "~/.server/reply.server";
import { PageHeader } from "~/components/Page";
import { Button, buttonClass } from "~/components/ui/Button";
import { Checkbox } from "~/components/ui/Checkbox";
import { Field } from "~/components/ui/Field";
import { FormCard } from "~/components/ui/FormCard";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState } from "~/lib/form-state";
import { ADMISSIONS_HOME } from "./shared";

/** /admin/admission-forms/create: title, application fee in naira, CBT on or off, status. */
export const meta: MetaFunction = () => [{ title: "Create admission form" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return withAdmin(request, context, async () => ({ formKey: newFormKey() }));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return withAdmin(request, context, async ({ api }) => {
    const formData = await readFormData(request);
    const submission = parseWithZod(formData, { schema: admissionCreateForm });
    if (submission.status !== "success") return refuse(submission.reply());
    const { idempotency_key, amount, ...fields } = submission.value;
    const body = { ...fields, amount: koboToNaira(amount) };
    const response = await api.create<AdmissionForm>("/create-admission-form", body, {
      idempotencyKey: idempotency_key,
    });
    if (!response.ok) return refuse(apiReply(submission, response), API_REFUSED);
    return redirectWithToast(request, context, ADMISSIONS_HOME, success(response.message ?? SPEC.created));
  });
}

export default function CreateAdmissionForm() {
  const { formKey } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const form = useFormState<"title" | "amount" | "cbt_enabled" | "status">("admission-form", lastResult, {
    status: "active",
  });
  return (
    <div className="space-y-5">
      <PageHeader backTo={ADMISSIONS_HOME} title="Create admission form" />
      <FormCard form={form} idempotencyKey={formKey}>
        <Field
          label="Title"
          required
          field={form.field("title")}
          inputProps={{ type: "text", maxLength: 150, placeholder: "e.g. 2026/2027 Entrance", autoComplete: "off" }}
        />
        <Field
          label="Application fee (₦)"
          required
          hint="In naira; 0 for a free form."
          field={form.field("amount")}
          inputProps={{ type: "number", min: 0, step: 0.01, inputMode: "decimal", placeholder: "5000.00" }}
        />
        <Checkbox label="CBT enabled" field={form.field("cbt_enabled")} />
        <SelectField
          label="Status"
          required
          field={form.field("status")}
          options={[
            { value: "active", label: "Active" },
            { value: "inactive", label: "Inactive" },
          ]}
        />
        <div className="flex gap-2">
          <Link to={ADMISSIONS_HOME} className={buttonClass("secondary")}>
            Cancel
          </Link>
          <Button className="flex-1" pending={pending} pendingLabel="Creating…">
            Create Form
          </Button>
        </div>
      </FormCard>
    </div>
  );
}
