import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, buttonClass } from "~/components/ui/Button";
import { Field } from "~/components/ui/Field";
import { FormCard } from "~/components/ui/FormCard";
import { usePending, type FormState } from "~/lib/form-state";

/**
 * The add and edit form of a group or a product: the add form's idempotency key, the message above the form, the
 * Name field, the record's other fields (`children`), then Cancel and the save button.
 */
export function RecordForm({
  form,
  formKey,
  namePlaceholder,
  cancelTo,
  submitLabel,
  children,
}: {
  form: FormState<"name">;
  formKey: string;
  namePlaceholder: string;
  cancelTo: string;
  submitLabel: string;
  children?: ReactNode;
}) {
  const pending = usePending();
  return (
    <FormCard form={form} idempotencyKey={formKey}>
      <Field
        label="Name"
        required
        field={form.field("name")}
        inputProps={{ type: "text", maxLength: 100, placeholder: namePlaceholder, autoComplete: "off" }}
      />
      {children}
      <div className="flex gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          Cancel
        </Link>
        <Button className="flex-1" pending={pending} pendingLabel="Saving…">
          {submitLabel}
        </Button>
      </div>
    </FormCard>
  );
}
