import {
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_MAX_FILES,
  ASSIGNMENT_MESSAGES as M,
  type AssignmentAttachment,
} from "../../../contract/assignments";
import { DATE_INPUT_HINT } from "../../../contract/calendar";
import { formatFileSize } from "../../../contract/file-size";
import { pairValue, TEACHING_FILE_ACCEPT, TEACHING_FILE_MESSAGES as T } from "../../../contract/teaching-files";
import { Button } from "~/components/ui/Button";
import { controlProps, Field, inputClass } from "~/components/ui/Field";
import { FormCard } from "~/components/ui/FormCard";
import { SelectField } from "~/components/ui/SelectField";
import { usePending, type FormState } from "~/lib/form-state";

export type AssignmentFormField = "pair" | "title" | "instructions" | "due_date" | "files";

/**
 * An assignment's form, for a new one and an edit: the teacher's class and subject, title, instructions, due date
 * and attachments, a plain multipart form that works without JavaScript. An edit lists the attachments kept, each
 * with a box to take it away.
 */
export function AssignmentForm({
  form,
  pairs,
  formKey,
  attachments = [],
  removing = [],
}: {
  form: FormState<AssignmentFormField> & { key: string };
  pairs: { class: string; subject: string }[];
  formKey?: string;
  attachments?: AssignmentAttachment[];
  /** The attachments ticked for removal when the form came back refused: kept ticked. */
  removing?: unknown;
}) {
  const ticked = new Set((Array.isArray(removing) ? removing : [removing]).map(String));
  const instructions = form.field("instructions");
  const { props } = controlProps({ field: instructions }, undefined, true);
  return (
    <FormCard form={form} idempotencyKey={formKey} encType="multipart/form-data">
      <SelectField
        label={T.pairLabel}
        required
        placeholder={T.chooseClass}
        options={pairs.map((p) => ({ value: pairValue(p), label: `${p.subject} · ${p.class}` }))}
        field={form.field("pair")}
      />
      <Field
        label={M.titleLabel}
        required
        field={form.field("title")}
        inputProps={{ maxLength: ASSIGNMENT_LIMITS.title }}
      />
      <Field label={M.instructionsLabel} required field={instructions}>
        <textarea className={inputClass} rows={6} maxLength={ASSIGNMENT_LIMITS.instructions} {...props} />
      </Field>
      <Field
        label={M.dueDateLabel}
        required
        hint={DATE_INPUT_HINT}
        field={form.field("due_date")}
        inputProps={{ type: "date" }}
      />
      {attachments.length ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-800">{M.attachmentsLabel}</legend>
          {attachments.map((a) => (
            <div key={a.id} className="flex min-h-11 items-center gap-3">
              <input
                id={`remove-${a.id}`}
                type="checkbox"
                name="remove[]"
                value={a.id}
                defaultChecked={ticked.has(String(a.id))}
                className="h-5 w-5"
              />
              <label htmlFor={`remove-${a.id}`} className="break-all">
                {M.removeLabel(a.original_name)} ({formatFileSize(a.size)})
              </label>
            </div>
          ))}
        </fieldset>
      ) : null}
      <Field
        label={M.filesLabel}
        hint={M.filesHint(ASSIGNMENT_MAX_FILES - attachments.length)}
        field={form.field("files")}
        inputProps={{
          type: "file",
          name: "files[]",
          multiple: true,
          accept: TEACHING_FILE_ACCEPT,
          defaultValue: undefined,
        }}
      />
      <Button pending={usePending()} pendingLabel="Saving…">
        {M.save}
      </Button>
    </FormCard>
  );
}
