import { Form } from "@remix-run/react";
import { COMMON_FEE_NAMES } from "../../../../contract/fees";
import type { FeeItemFields } from "../../../../contract/fees.schema";
import { Button } from "~/components/ui/Button";
import { Checkbox } from "~/components/ui/Checkbox";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState, type FormResult, usePending } from "~/lib/form-state";

export interface FeeFormOptions {
  classes: string[];
  sections: string[];
  terms: string[];
  sessions: string[];
}

const SCOPES = [
  { value: "all", label: "All classes" },
  { value: "section", label: "One section" },
  { value: "class", label: "One class" },
];

/**
 * The fee item form, for creating and for editing. The section and class lists are both shown: the one the
 * "Who pays" choice names is used, so the form needs no script and no round trip.
 */
export function FeeForm({
  lastResult,
  defaultValue,
  options,
  formKey,
  submitLabel,
}: {
  lastResult: FormResult | undefined;
  defaultValue: Partial<Record<keyof FeeItemFields, string>>;
  options: FeeFormOptions;
  formKey?: string;
  submitLabel: string;
}) {
  const form = useFormState<keyof FeeItemFields>("fee", lastResult, defaultValue);
  const pending = usePending();
  const { field } = form;
  return (
    <Form method="post" className="space-y-4" key={form.key} {...form.props}>
      {formKey ? <input type="hidden" name="idempotency_key" value={formKey} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="Fee name"
        required
        hint="Tuition, Development levy, PTA, Bus…"
        field={field("name")}
        inputProps={{ list: "fee-names", maxLength: 80, autoComplete: "off" }}
      />
      <datalist id="fee-names">
        {COMMON_FEE_NAMES.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Field
        label="Amount (₦)"
        required
        hint="Per student, e.g. 45,000"
        field={field("amount")}
        inputProps={{ inputMode: "decimal", autoComplete: "off" }}
      />
      <SelectField label="Who pays" required options={SCOPES} field={field("applies_to")} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Section"
          hint="When one section pays"
          placeholder="Select a section"
          options={options.sections}
          field={field("section")}
        />
        <SelectField
          label="Class"
          hint="When one class pays"
          placeholder="Select a class"
          options={options.classes}
          field={field("class")}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="Term" required options={options.terms} field={field("term")} />
        <SelectField label="Session" required options={options.sessions} field={field("session")} />
      </div>
      <Checkbox field={field("compulsory")} label="Compulsory (every student it is for pays it)" />
      <Button className="w-full" pending={pending} pendingLabel="Saving…">
        {submitLabel}
      </Button>
    </Form>
  );
}
