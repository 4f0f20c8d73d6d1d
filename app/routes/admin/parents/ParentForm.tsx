import { Form, useSubmit } from "@remix-run/react";
import type { FocusEvent } from "react";
import { PARENT_SCREEN, type ChildOption } from "../../../../contract/parents";
import type { ParentFields } from "../../../../contract/parents.schema";
import { PersonFields } from "~/components/PersonFields";
import { Banner } from "~/components/ui/Banner";
import { Button, buttonClass } from "~/components/ui/Button";
import { CheckboxGroup } from "~/components/ui/Checkbox";
import { ErrorList } from "~/components/ui/ErrorList";
import { Field } from "~/components/ui/Field";
import { useFormState, validateButton, type FormResult, type FormState, usePending } from "~/lib/form-state";

type ParentFieldName = keyof ParentFields | "photo" | "child_search";

export interface ParentFormProps {
  lastResult?: FormResult | null;
  defaultValue?: Partial<Record<ParentFieldName, unknown>>;
  /** The add form's idempotency key: a re-sent form creates nothing new. */
  formKey?: string;
  /** The parent's current photo (edit). */
  photo?: string | null;
  /** The students to show as children: the ticked ones and the ones offered. */
  childOptions: ChildOption[];
  /** The phone whose students were last offered: saving again with it saves. */
  offeredPhone?: string;
  notice?: string | null;
  submitLabel: string;
}

/**
 * The add and edit parent form. Children are ticked from the school's students:
 * "Find" (a plain submit button, so it works without JavaScript) sends the form back with everything kept
 * and the students found offered; the students with the parent's phone number are offered too. With
 * JavaScript, leaving the phone field of a new parent does the same at once.
 */
export function ParentForm({ lastResult, defaultValue, ...props }: ParentFormProps) {
  const form = useFormState<ParentFieldName>("parent", lastResult, defaultValue);
  return <ParentFormBody key={form.key} form={form} {...props} />;
}

function ParentFormBody({
  form,
  formKey,
  photo = null,
  childOptions,
  offeredPhone = "",
  notice,
  submitLabel,
}: Omit<ParentFormProps, "lastResult" | "defaultValue"> & { form: FormState<ParentFieldName> }) {
  const submit = useSubmit();
  const saving = usePending();
  const { field } = form;
  const childSearch = field("child_search");

  /** A new parent's phone, once typed: ask the server for the students who share it (the photo stays behind). */
  const offerByPhone = (event: FocusEvent<HTMLInputElement>) => {
    const phone = event.currentTarget.value.trim();
    if (!formKey || !phone || phone === offeredPhone) return;
    const data = new FormData(event.currentTarget.form!);
    data.delete("photo");
    const intent = validateButton(field("phone").name);
    data.set(intent.name, intent.value);
    submit(data, { method: "post", encType: "multipart/form-data", replace: true, preventScrollReset: true });
  };

  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" {...form.props}>
      {formKey ? <input type="hidden" name="idempotency_key" value={formKey} /> : null}
      <input type="hidden" name="offered_phone" value={offeredPhone} />
      {notice ? <Banner kind="info">{notice}</Banner> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      <PersonFields
        form={form}
        photo={photo}
        name={field("name").defaultValue ?? ""}
        phoneProps={{ onBlur: offerByPhone }}
      />

      <CheckboxGroup
        legend="Children"
        field={field("children")}
        hint={PARENT_SCREEN.childrenHint}
        options={childOptions.map((child) => ({
          value: child.unique_id,
          checked: child.chosen,
          label: `${child.name} · ${child.class ?? "No class"}${child.samePhone ? " · same phone number" : ""}`,
        }))}
      >
        <p className="text-slate-700">No children ticked yet.</p>
      </CheckboxGroup>
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <Field label="Find a student" field={childSearch} inputProps={{ type: "search", autoComplete: "off" }} />
        </div>
        <button type="submit" {...validateButton(childSearch.name)} className={buttonClass("secondary")}>
          Find
        </button>
      </div>

      <Button className="w-full" pending={saving} pendingLabel="Saving…">
        {submitLabel}
      </Button>
    </Form>
  );
}
