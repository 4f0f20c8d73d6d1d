import { Field } from "~/components/ui/Field";
import type { FieldMeta } from "~/lib/form-state";

/** The fields naming an account: the school's Unique ID and an email (the login page, the forgot-password form). */
export function AccountFields({
  uniqueId,
  email,
  emailLabel,
  emailRequired = false,
}: {
  uniqueId: FieldMeta;
  email: FieldMeta;
  emailLabel: string;
  emailRequired?: boolean;
}) {
  return (
    <>
      <Field
        label="Unique ID"
        required
        field={uniqueId}
        inputProps={{ type: "text", autoComplete: "username", autoCapitalize: "characters", spellCheck: false }}
      />
      <Field
        label={emailLabel}
        required={emailRequired}
        field={email}
        inputProps={{ type: "email", autoComplete: "email", spellCheck: false }}
      />
    </>
  );
}
