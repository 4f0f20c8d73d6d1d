import type { ReactNode } from "react";
import { UNSAVED_MESSAGES } from "../../../contract/unsaved";
import { Banner } from "./Banner";
import { usePending } from "~/lib/form-state";
import { Button } from "./Button";

/**
 * For the form that holds a save bar: a field scrolled into view (focus moving down a phone's form) stops above
 * the bar and the phones' quick links rather than under them.
 */
export const saveBarFormClass = "[&_*]:scroll-mb-40 md:[&_*]:scroll-mb-28";

/**
 * A long form's save button, kept in sight at the bottom of the screen while the form scrolls by (above the phones'
 * quick links, AdminShell's bottom bar), with the news that changes are not saved yet. It is the form's last child
 * and sticky, not fixed: at the end of the form it sits in its own place, so it never covers the last field.
 */
export function SaveBar({ unsaved, children }: { unsaved: boolean; children: ReactNode }) {
  return (
    <div
      data-testid="save-bar"
      className="sticky bottom-14 z-20 -mx-4 space-y-2 border-t border-slate-200 bg-white px-4 py-3 md:bottom-0"
    >
      <p role="status" className="text-sm font-semibold text-amber-900 empty:hidden">
        {unsaved ? UNSAVED_MESSAGES.notice : null}
      </p>
      <SaveButton>{children}</SaveButton>
    </div>
  );
}

/** The same news at the top of the page, where a page that comes back from an Add or Remove opens. */
export function UnsavedBanner({ unsaved }: { unsaved: boolean }) {
  return unsaved ? <Banner kind="warning">{UNSAVED_MESSAGES.notice}</Banner> : null;
}

/** The one button of a list form that saves; disabled while saving, so a second tap sends nothing. */
export function SaveButton({ children }: { children: ReactNode }) {
  const saving = usePending({ intent: "save" });
  return (
    <Button name="intent" value="save" className="w-full" pending={saving} pendingLabel="Saving…">
      {children}
    </Button>
  );
}
