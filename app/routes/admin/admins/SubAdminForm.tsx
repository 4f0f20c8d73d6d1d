import { Form } from "@remix-run/react";
import { FEATURE_KEYS, FEATURE_LABELS } from "../../../../contract/access";
import { Button } from "~/components/ui/Button";
import { CheckboxGroup } from "~/components/ui/Checkbox";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { useFormState, type FormResult, usePending } from "~/lib/form-state";

export type SubAdminFormValues = { name?: string; email?: string; phone?: string | null; features?: string[] };

const FEATURE_OPTIONS = FEATURE_KEYS.map((key) => ({ value: key, label: FEATURE_LABELS[key] }));

/** A sub-admin's name, email, phone and the feature keys they hold, for adding and editing. */
export function SubAdminForm({
  lastResult,
  formKey,
  defaultValue,
  submitLabel,
}: {
  lastResult: FormResult | null | undefined;
  formKey?: string;
  defaultValue?: SubAdminFormValues;
  submitLabel: string;
}) {
  const saving = usePending();
  const form = useFormState<"name" | "email" | "phone" | "features">("sub-admin", lastResult, {
    ...defaultValue,
    phone: defaultValue?.phone ?? undefined,
  });
  return (
    <Form method="post" className="space-y-4" key={form.key} {...form.props}>
      <ErrorList id={form.errorId} errors={form.errors} />
      {formKey ? <input type="hidden" name="idempotency_key" value={formKey} /> : null}
      <Field
        label="Name"
        required
        field={form.field("name")}
        inputProps={{ type: "text", autoComplete: "off", maxLength: 200 }}
      />
      <Field
        label="Email"
        required
        field={form.field("email")}
        inputProps={{ type: "email", autoComplete: "off", maxLength: 200 }}
      />
      <Field
        label="Phone Number"
        field={form.field("phone")}
        inputProps={{ type: "tel", autoComplete: "off", maxLength: 40 }}
      />
      <CheckboxGroup
        legend="Features"
        hint="The menu entries this sub-admin may open. Managing admins, bank details and the audit log stay yours."
        field={form.field("features")}
        options={FEATURE_OPTIONS}
        short
      />
      <Button className="w-full" pending={saving} pendingLabel="Saving…">
        {submitLabel}
      </Button>
    </Form>
  );
}
