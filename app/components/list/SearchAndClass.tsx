import type { ReactNode } from "react";
import { Field } from "../ui/Field";
import { SelectField } from "../ui/SelectField";
import { FilterForm } from "./FilterForm";

/**
 * The filters of a list of people: the search box (`?q=`) and the class filter (`?class=`, "All" for
 * none); `children` come first (a hidden field that keeps another filter, say).
 */
export function SearchAndClass({
  label,
  id,
  placeholder,
  filters,
  classes,
  children,
}: {
  label: string;
  id: string;
  placeholder: string;
  filters: { q: string; class: string };
  classes: string[];
  children?: ReactNode;
}) {
  return (
    <FilterForm label={label}>
      {children}
      <div className="min-w-48 flex-1">
        <Field
          id={`${id}-search`}
          label="Search"
          inputProps={{ type: "search", name: "q", defaultValue: filters.q, placeholder }}
        />
      </div>
      <SelectField
        id={`${id}-class`}
        label="Class"
        placeholder="All"
        options={classes}
        selectProps={{ name: "class", defaultValue: filters.class }}
      />
    </FilterForm>
  );
}
