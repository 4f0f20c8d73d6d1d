import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useDebounceSubmit } from "remix-utils/use-debounce-submit";
import { useHydrated } from "remix-utils/use-hydrated";
import { buttonClass } from "../ui/Button";

const SEARCH_DEBOUNCE_MS = 400;

/**
 * A list's search and filters as a GET form: without JavaScript the admin presses the button and the
 * URL carries `?q=&class=` (the page goes back to 1). With JavaScript a changed filter submits at once
 * and the search box after a pause in typing; the button is then not needed.
 */
export function FilterForm({ label, children, submitLabel = "Search" }: { label: string; children: ReactNode; submitLabel?: string }) {
  const submit = useDebounceSubmit();
  const hydrated = useHydrated();
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3"
      onChange={(event) => {
        // A newer change cancels a search still waiting for its pause.
        const typed = event.target instanceof HTMLInputElement && event.target.type === "search";
        submit(event.currentTarget, { replace: true, preventScrollReset: true, debounceTimeout: typed ? SEARCH_DEBOUNCE_MS : 0 });
      }}
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
