import { Field } from "~/components/ui/Field";
import type { FieldMeta } from "~/lib/form-state";

/** The change-password form's two fields (the admin's profile, the teacher's account). */
export function PasswordFields({ current, next }: { current: FieldMeta; next: FieldMeta }) {
  return (
    <>
      <Field
        label="Current password"
        required
        field={current}
        inputProps={{ type: "password", autoComplete: "current-password" }}
      />
      <Field
        label="New password"
        required
        hint="At least 8 characters."
        field={next}
        inputProps={{ type: "password", autoComplete: "new-password" }}
      />
    </>
  );
}
