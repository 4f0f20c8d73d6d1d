import type { FieldMeta } from "~/lib/form-state";
import { Avatar } from "../list/Avatar";
import { Checkbox } from "./Checkbox";
import { Field } from "./Field";

/**
 * A person's photo: the current one (or initials), a file input by the profile's image rules, and on an
 * edit of a record that has a photo, "Remove photo". The server checks the file by its bytes.
 */
export function PhotoField({
  field,
  remove,
  name,
  current,
}: {
  field: FieldMeta;
  remove?: FieldMeta;
  name: string;
  current: string | null;
}) {
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-3">
        <Avatar name={name || "?"} src={current} size={64} />
        <div className="min-w-0 flex-1">
          <Field
            label="Photo"
            hint="Optional. An image under 2 MB."
            field={field}
            inputProps={{ type: "file", accept: "image/*" }}
          />
        </div>
      </div>
      {current && remove ? <Checkbox field={remove} label="Remove photo" /> : null}
    </div>
  );
}
