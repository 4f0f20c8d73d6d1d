import { getCollectionProps, getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { GENDERS } from "../../contract/limits";
import { MESSAGES } from "../../contract/messages";
import type { SchoolClass } from "../../contract/settings";
import { studentCreateFields, studentUpdateFields, type StudentFields } from "../../contract/students.schema";
import { phoneField } from "~/lib/form-schemas";
import { useHydrated } from "~/lib/use-hydrated";
import { PageHeader } from "./Page";
import { Button, buttonClass } from "./ui/Button";
import { ErrorList } from "./ui/ErrorList";
import { Field } from "./ui/Field";
import { SelectField } from "./ui/SelectField";

/** The API's rules, plus a phone shape check before the round trip (the API checks the number itself). */
export const addStudentForm = studentCreateFields.extend({ phone_number: phoneField() });
export const updateStudentForm = studentUpdateFields.extend({ phone_number: phoneField() });

interface StudentFormProps {
  schema: typeof addStudentForm | typeof updateStudentForm;
  classes: SchoolClass[];
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<StudentFields>;
  /** The add form's idempotency key: a re-sent form creates nothing new. */
  formKey?: string;
  submitLabel: string;
}

/** The add or update screen: its title, the way back to the list, and the form. */
export function StudentFormScreen({ title, ...form }: StudentFormProps & { title: string }) {
  return (
    <div className="space-y-5">
      <PageHeader backTo="/admin/students" title={title} />
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <StudentForm {...form} />
      </section>
    </div>
  );
}

/**
 * The add and update student form (spec section 2). Subjects are offered only from the chosen class's
 * subjects, once "Takes Lesson" is ticked. With JavaScript they follow the class and the tick at once;
 * without it "Show subjects" sends the form back with everything typed kept and the class's subjects shown.
 */
function StudentForm({ schema, classes, lastResult, defaultValue, formKey, submitLabel }: StudentFormProps) {
  const hydrated = useHydrated();
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm<StudentFields>({
    id: "student",
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const className = fields.selectedClass.value;
  const schoolClass = classes.find((c) => c.class_name === className);
  const takesLesson = fields.takes_lesson.value === "on";
  const classNames = classes.map((c) => c.class_name);
  if (className && !schoolClass) classNames.push(className);

  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      {formKey ? <input type="hidden" name="idempotency_key" value={formKey} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field id={fields.name.id} label="Name" errors={fields.name.errors} errorId={fields.name.errorId}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }} />
      <SelectField id={fields.selectedClass.id} label="Class" placeholder="Select a class" options={classNames}
        errors={fields.selectedClass.errors} errorId={fields.selectedClass.errorId} selectProps={getSelectProps(fields.selectedClass)} />
      <SelectField id={fields.gender.id} label="Gender" placeholder="Select gender" options={GENDERS}
        errors={fields.gender.errors} errorId={fields.gender.errorId} selectProps={getSelectProps(fields.gender)} />
      <Field id={fields.phone_number.id} label="Phone Number" hint="Nigeria (+234). A number like 0803 123 4567 is fine."
        errors={fields.phone_number.errors} errorId={fields.phone_number.errorId}
        inputProps={{ ...getInputProps(fields.phone_number, { type: "tel" }), autoComplete: "off", inputMode: "tel" }} />
      <Field id={fields.email.id} label="Email" errors={fields.email.errors} errorId={fields.email.errorId}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }} />
      <Field id={fields.address.id} label="Address" errors={fields.address.errors} errorId={fields.address.errorId}
        inputProps={{ ...getInputProps(fields.address, { type: "text" }), autoComplete: "off" }} />
      <Field id={fields.admission.id} label="Admission Number" errors={fields.admission.errors} errorId={fields.admission.errorId}
        inputProps={{ ...getInputProps(fields.admission, { type: "text" }), autoComplete: "off" }} />

      <div className="flex min-h-11 items-center gap-3">
        <input {...getInputProps(fields.takes_lesson, { type: "checkbox" })} className="h-5 w-5 accent-brand-700" />
        <label htmlFor={fields.takes_lesson.id} className="font-semibold text-slate-800">
          Takes Lesson
        </label>
      </div>
      {hydrated ? null : (
        <button {...form.validate.getButtonProps({ name: fields.selectedClass.name })} className={buttonClass("secondary")}>
          Show subjects
        </button>
      )}
      {takesLesson ? (
        <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3" aria-describedby={fields.subjects.errors?.length ? fields.subjects.errorId : undefined}>
          <legend className="px-1 text-sm font-semibold text-slate-800">Subjects</legend>
          {!schoolClass ? (
            <p className="text-slate-700">{MESSAGES.selectClassFirst}</p>
          ) : !schoolClass.subjects.length ? (
            <p className="text-slate-700">{MESSAGES.noSubjectsForClass}</p>
          ) : (
            <ul className="grid gap-1 sm:grid-cols-2">
              {getCollectionProps(fields.subjects, { type: "checkbox", options: schoolClass.subjects }).map(({ key, ...props }) => (
                <li key={key} className="flex min-h-11 items-center gap-3">
                  <input {...props} className="h-5 w-5 accent-brand-700" />
                  <label htmlFor={props.id}>{props.value}</label>
                </li>
              ))}
            </ul>
          )}
          <ErrorList id={fields.subjects.errorId} errors={fields.subjects.errors} />
        </fieldset>
      ) : null}
      <Button className="w-full" pending={pending} pendingLabel="Saving…">
        {submitLabel}
      </Button>
    </Form>
  );
}
