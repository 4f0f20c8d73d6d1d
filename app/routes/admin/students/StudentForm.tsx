import { Form, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { GENDERS } from "../../../../contract/limits";
import { MESSAGES } from "../../../../contract/messages";
import type { SchoolClass } from "../../../../contract/settings";
import type { StudentFields } from "../../../../contract/students.schema";
import { useFormState, validateButton, type FormResult, type FormState } from "~/lib/form-state";
import { useHydrated } from "remix-utils/use-hydrated";
import { PageHeader } from "~/components/Page";
import { Button, buttonClass } from "~/components/ui/Button";
import { Checkbox, CheckboxGroup } from "~/components/ui/Checkbox";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { SelectField } from "~/components/ui/SelectField";

interface StudentFormProps {
  classes: SchoolClass[];
  lastResult?: FormResult | null;
  defaultValue?: Partial<StudentFields>;
  /** The add form's idempotency key: a re-sent form creates nothing new. */
  formKey?: string;
  /** Adding needs a class; an update may leave it out. */
  classRequired?: boolean;
  submitLabel: string;
}

/** The add or update screen: its title, the way back to the list, and the form. */
export function StudentFormScreen({
  title,
  children,
  ...form
}: StudentFormProps & { title: string; children?: ReactNode }) {
  return (
    <div className="space-y-5">
      <PageHeader backTo="/admin/students" title={title} />
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <StudentForm {...form} />
      </section>
      {children}
    </div>
  );
}

/**
 * The add and update student form. Subjects are offered only from the chosen class's
 * subjects, once "Takes Lesson" is ticked. With JavaScript they follow the class and the tick at once;
 * without it "Show subjects" sends the form back with everything typed kept and the class's subjects shown.
 */
function StudentForm({ lastResult, defaultValue, ...props }: StudentFormProps) {
  const form = useFormState<keyof StudentFields>("student", lastResult, defaultValue);
  return <StudentFormBody key={form.key} form={form} {...props} />;
}

function StudentFormBody({
  form,
  classes,
  formKey,
  classRequired,
  submitLabel,
}: Omit<StudentFormProps, "lastResult" | "defaultValue"> & { form: FormState<keyof StudentFields> }) {
  const hydrated = useHydrated();
  const pending = useNavigation().state === "submitting";
  const { field } = form;
  const [selectedClass, takesLesson, subjects] = [field("selectedClass"), field("takes_lesson"), field("subjects")];
  const [className, setClassName] = useState(selectedClass.defaultValue ?? "");
  const [ticked, setTicked] = useState(takesLesson.defaultValue === "on");
  const schoolClass = classes.find((c) => c.class_name === className);
  const classNames = classes.map((c) => c.class_name);
  if (className && !classNames.includes(className)) classNames.push(className);
  const text = (
    name: keyof StudentFields,
    label: string,
    type: string,
    { hint, required }: { hint?: string; required?: boolean } = {},
  ) => (
    <Field
      label={label}
      hint={hint}
      required={required}
      field={field(name)}
      inputProps={{ type, autoComplete: "off", inputMode: type === "tel" ? "tel" : undefined }}
    />
  );

  return (
    <Form method="post" className="space-y-4" {...form.props}>
      {formKey ? <input type="hidden" name="idempotency_key" value={formKey} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      {text("name", "Name", "text", { required: true })}
      <SelectField
        label="Class"
        required={classRequired}
        placeholder="Select a class"
        options={classNames}
        field={selectedClass}
        selectProps={{ onChange: (event) => setClassName(event.currentTarget.value) }}
      />
      <SelectField label="Gender" required placeholder="Select gender" options={GENDERS} field={field("gender")} />
      {text("phone_number", "Phone Number", "tel", {
        hint: "Nigeria (+234). A number like 0803 123 4567 is fine.",
        required: true,
      })}
      {text("email", "Email", "email")}
      {text("address", "Address", "text")}
      {text("admission", "Admission Number", "text")}

      <Checkbox
        field={takesLesson}
        label="Takes Lesson"
        inputProps={{ onChange: (event) => setTicked(event.currentTarget.checked) }}
      />
      {hydrated ? null : (
        <button type="submit" {...validateButton(selectedClass.name)} className={buttonClass("secondary")}>
          Show subjects
        </button>
      )}
      {ticked ? (
        <CheckboxGroup
          legend="Subjects"
          field={subjects}
          options={(schoolClass?.subjects ?? []).map((subject) => ({ value: subject, label: subject }))}
        >
          <p className="text-slate-700">{!schoolClass ? MESSAGES.selectClassFirst : MESSAGES.noSubjectsForClass}</p>
        </CheckboxGroup>
      ) : null}
      <Button className="w-full" pending={pending} pendingLabel="Saving…">
        {submitLabel}
      </Button>
    </Form>
  );
}
