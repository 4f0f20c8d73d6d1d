import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, buttonClass } from "~/components/ui/Button";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
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
    <Form method="post" className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" {...form.props}>
      {formKey ? <input type="hidden" name="idempotency_key" value={formKey} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
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
    </Form>
  );
}
