import type { InputHTMLAttributes } from "react";
import type { FormState } from "~/lib/form-state";
import { Field } from "./ui/Field";
import { PhotoField } from "./ui/PhotoField";

export type PersonFieldName = "name" | "email" | "phone" | "address" | "photo" | "remove_photo";

/**
 * The contact part of the parent and staff forms (name, email and phone are required), and
 * the photo. `photo` is the record's current one; `phoneProps` lets a form react to the phone.
 */
export function PersonFields({
  form,
  photo,
  name,
  phoneProps,
}: {
  form: FormState<PersonFieldName>;
  photo: string | null;
  name: string;
  phoneProps?: InputHTMLAttributes<HTMLInputElement>;
}) {
  const { field } = form;
  return (
    <>
      <Field label="Name" required field={field("name")} inputProps={{ type: "text", autoComplete: "off" }} />
      <Field label="Email" required field={field("email")} inputProps={{ type: "email", autoComplete: "off" }} />
      <Field
        label="Phone"
        required
        hint="Nigeria (+234). A number like 0803 123 4567 is fine."
        field={field("phone")}
        inputProps={{ type: "tel", inputMode: "tel", autoComplete: "off", ...phoneProps }}
      />
      <Field label="Address" field={field("address")} inputProps={{ type: "text", autoComplete: "off" }} />
      <PhotoField field={field("photo")} remove={field("remove_photo")} name={name} current={photo} />
    </>
  );
}
