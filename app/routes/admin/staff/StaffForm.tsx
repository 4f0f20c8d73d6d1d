import { Form } from "@remix-run/react";
import type { TeachingReview } from "../../../../contract/staff";
import type { StaffFields } from "../../../../contract/staff.schema";
import { PersonFields } from "~/components/PersonFields";
import { Button } from "~/components/ui/Button";
import { checkboxClass } from "~/components/ui/Checkbox";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";
import { useFormState, type FormResult, type FormState, usePending } from "~/lib/form-state";
import { startingRows, type TeachingRow } from "~/lib/teaching-rows";
import { TeachingRows } from "./TeachingRows";

type StaffFieldName = keyof StaffFields | "photo";

export interface StaffFormProps {
  lastResult?: FormResult | null;
  defaultValue?: Partial<Record<StaffFieldName, unknown>>;
  /** The add form's idempotency key: a re-sent form creates nothing new. */
  formKey?: string;
  /** The member's current photo (edit). */
  photo?: string | null;
  /** The school's classes with their subjects, and every subject it teaches, from its settings. */
  classes: { class_name: string; subjects: string[] }[];
  subjects: string[];
  /** The record's pairs (edit). */
  teaching?: TeachingRow[];
  /** The member's old lists still to pair (edit). */
  review?: TeachingReview | null;
  /** The form came back from 'Add more rows'. */
  moreRows?: boolean;
  submitLabel: string;
}

/**
 * The add and edit staff form. The teaching part (form class, the classes and subjects taught) shows
 * while "Teaching staff" is ticked: a CSS sibling rule, so it needs no JavaScript.
 */
export function StaffForm({ lastResult, defaultValue, teaching = [], moreRows = false, ...props }: StaffFormProps) {
  const form = useFormState<StaffFieldName>("staff", lastResult, defaultValue);
  return (
    <StaffFormBody
      key={form.key}
      form={form}
      lastResult={lastResult}
      rows={startingRows(lastResult, teaching, moreRows)}
      {...props}
    />
  );
}

function StaffFormBody({
  form,
  lastResult,
  rows,
  formKey,
  photo = null,
  classes,
  subjects,
  review,
  submitLabel,
}: Omit<StaffFormProps, "defaultValue" | "teaching" | "moreRows"> & {
  form: FormState<StaffFieldName>;
  rows: TeachingRow[];
}) {
  const saving = usePending();
  const { field } = form;
  const teaching = field("is_teaching_staff");
  const formClass = field("form_teacher");
  const classNames = classes.map((c) => c.class_name);
  const classOptions =
    formClass.defaultValue && !classNames.includes(formClass.defaultValue)
      ? [...classNames, formClass.defaultValue]
      : classNames;
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" {...form.props}>
      {formKey ? <input type="hidden" name="idempotency_key" value={formKey} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <PersonFields form={form} photo={photo} name={field("name").defaultValue ?? ""} />
      <Field
        label="Position"
        hint="For example Teacher, Bursar or Vice Principal."
        field={field("position")}
        inputProps={{ type: "text", autoComplete: "off" }}
      />

      <div className="grid grid-cols-[auto_1fr] items-center gap-x-3">
        <input
          type="checkbox"
          id={teaching.id}
          name={teaching.name}
          defaultChecked={teaching.defaultValue === "on"}
          className={`peer ${checkboxClass}`}
        />
        <label htmlFor={teaching.id} className="flex min-h-11 items-center font-semibold text-slate-800">
          Teaching staff
        </label>
        <div className="col-span-2 hidden space-y-4 pt-2 peer-checked:block">
          <SelectField
            label="Form teacher of"
            placeholder="None"
            options={classOptions}
            field={formClass}
            hint="A class has one form teacher."
          />
          <TeachingRows rows={rows} lastResult={lastResult} classes={classes} subjects={subjects} review={review} />
        </div>
      </div>

      <Button className="w-full" pending={saving} pendingLabel="Saving…">
        {submitLabel}
      </Button>
    </Form>
  );
}
