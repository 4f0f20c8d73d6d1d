import { BACKLOG_REASONS } from "../../../../contract/students";
import { SelectField } from "~/components/ui/SelectField";

/** Why a student leaves for the backlog: in the row's dialog and on the JS-off page alike. */
export function ReasonSelect({ errors, defaultValue }: { errors?: string[]; defaultValue?: string }) {
  return (
    <SelectField
      id="backlog-reason"
      label="Reason"
      placeholder="Select a reason"
      options={BACKLOG_REASONS}
      errors={errors}
      selectProps={{ name: "reason", defaultValue }}
    />
  );
}
