import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FormState } from "~/lib/form-state";
import { ErrorList } from "./ErrorList";

/**
 * The kit's post form on a white card: keyed to its form state (so a refused submission keeps what was
 * typed), the idempotency key of a create (a double submit makes one record) and the form's own messages
 * first. Screens put their fields and their button inside.
 */
export function FormCard({
  form,
  idempotencyKey,
  encType,
  children,
}: {
  form: Pick<FormState<string>, "errorId" | "errors" | "props"> & { key?: string };
  /** Given when the form creates something; an edit leaves it out. */
  idempotencyKey?: string | null;
  encType?: "multipart/form-data";
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      encType={encType}
      className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      key={form.key}
      {...form.props}
    >
      {idempotencyKey ? <input type="hidden" name="idempotency_key" value={idempotencyKey} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      {children}
    </Form>
  );
}
