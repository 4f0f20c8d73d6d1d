import { useBlocker } from "@remix-run/react";
import { useEffect, useState } from "react";
import { UNSAVED_MESSAGES } from "../../../contract/unsaved";
import { loadConfirmDialog, type ConfirmDialogContentType } from "./ConfirmDialog";

/**
 * While a form holds changes not saved yet: leaving for another page of the app asks first in the confirm dialog
 * (Cancel stays, "Leave without saving" goes on), and leaving the site gets the browser's own question. The dialog's
 * code is fetched as soon as there is something to lose; should it fail to load, the browser's confirm asks instead.
 */
export function LeaveConfirm({ unsaved }: { unsaved: boolean }) {
  // The form's own submissions stay on its page (a refused save) or redirect, which is never blocked.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  const [Dialog, setDialog] = useState<ConfirmDialogContentType | null>(null);
  const blocked = blocker.state === "blocked";

  useEffect(() => {
    if (!unsaved) return;
    void loadConfirmDialog().then(
      (content) => setDialog(() => content),
      () => undefined,
    );
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [unsaved]);

  useEffect(() => {
    if (blocker.state !== "blocked" || Dialog) return;
    loadConfirmDialog().then(
      (content) => setDialog(() => content),
      () => (window.confirm(UNSAVED_MESSAGES.leaveDescription) ? blocker.proceed() : blocker.reset()),
    );
  }, [blocker, Dialog]);

  if (!Dialog) return null;
  return (
    <Dialog
      open={blocked}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      title={UNSAVED_MESSAGES.leaveTitle}
      description={UNSAVED_MESSAGES.leaveDescription}
      confirmLabel={UNSAVED_MESSAGES.leave}
      onConfirm={() => {
        if (blocker.state === "blocked") blocker.proceed();
      }}
    />
  );
}
