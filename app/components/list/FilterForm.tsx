import { Form, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";
import { useDebounced } from "~/lib/debounce";
import { useHydrated } from "remix-utils/use-hydrated";
import { buttonClass } from "../ui/Button";

const SEARCH_DEBOUNCE_MS = 400;

/**
 * A list's search and filters as a GET form: without JavaScript the admin presses the button and the
 * URL carries `?q=&class=` (the page goes back to 1). With JavaScript a changed filter submits at once
 * and the search box after a pause in typing; the button is then not needed. A search still waiting is
 * dropped when the form is sent another way (Enter, a changed filter) or leaves the page.
 */
export function FilterForm({
  label,
  children,
  submitLabel = "Search",
}: {
  label: string;
  children: ReactNode;
  submitLabel?: string;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const search = useDebounced();
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3"
      onChange={(event) => {
        const form = event.currentTarget;
        const typed = event.target instanceof HTMLInputElement && event.target.type === "search";
        const send = () => submit(form, { replace: true, preventScrollReset: true });
        if (typed) search.schedule(send, SEARCH_DEBOUNCE_MS);
        else {
          search.cancel();
          send();
        }
      }}
      onSubmit={() => search.cancel()}
    >
      {children}
      {hydrated ? null : (
        <button type="submit" className={buttonClass("secondary")}>
          {submitLabel}
        </button>
      )}
    </Form>
  );
}
