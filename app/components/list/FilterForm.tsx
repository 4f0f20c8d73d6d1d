import { Form, useSubmit } from "@remix-run/react";
import { useRef, type ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { buttonClass } from "../ui/Button";

const SEARCH_DEBOUNCE_MS = 400;

/**
 * A list's search and filters as a GET form: without JavaScript the admin presses the button and the
 * URL carries `?q=&class=` (the page goes back to 1). With JavaScript a changed filter submits at once
 * and the search box after a pause in typing; the button is then not needed.
 */
export function FilterForm({ label, children, submitLabel = "Search" }: { label: string; children: ReactNode; submitLabel?: string }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3"
      onChange={(event) => {
        const form = event.currentTarget;
        const typed = event.target instanceof HTMLInputElement && event.target.type === "search";
        clearTimeout(timer.current);
        const send = () => submit(form, { replace: true, preventScrollReset: true });
        if (typed) timer.current = setTimeout(send, SEARCH_DEBOUNCE_MS);
        else send();
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
