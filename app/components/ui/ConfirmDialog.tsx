import { useBlocker } from "@remix-run/react";
import { useEffect, useRef, useState, type ComponentType } from "react";
import { APP_MESSAGES } from "../../../contract/messages";
import { buttonClass } from "./Button";
import type { ConfirmDialogContentProps, ConfirmDialogProps } from "./ConfirmDialogProps";

type Content = ComponentType<ConfirmDialogContentProps>;

/**
 * The dialog's code (Radix Dialog) is its own chunk, fetched when a trigger is first pointed at,
 * focused or tapped, so list pages do not carry it up front. One promise for the whole page.
 */
let loading: Promise<Content> | undefined;
const loadContent = () => {
  loading ??= import("./ConfirmDialogContent").then(
    (m) => m.ConfirmDialogContent,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

/**
 * A confirmation: a link to a confirm page before JavaScript runs (and wherever the dialog's code
 * cannot load), a Radix modal dialog after: focus trapped inside, Escape and the backdrop close it,
 * focus goes back to the link, the page behind does not scroll. Both end in the same POST, so the
 * outcome never depends on scripts.
 */
export function ConfirmDialog({
  href,
  triggerClassName,
  variant = "danger",
  triggerLabel,
  ...rest
}: ConfirmDialogProps) {
  const trigger = useRef<HTMLAnchorElement>(null);
  const [Dialog, setDialog] = useState<Content | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <>
      {/* A plain link: the JS-off path, and lists render one per row. */}
      <a
        ref={trigger}
        href={href}
        className={triggerClassName ?? buttonClass(variant)}
        onPointerEnter={() => void loadContent().catch(() => undefined)}
        onFocus={() => void loadContent().catch(() => undefined)}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          loadContent().then(
            (content) => {
              setDialog(() => content);
              setOpen(true);
            },
            () => window.location.assign(href),
          );
        }}
      >
        {triggerLabel}
      </a>
      {Dialog ? <Dialog {...rest} variant={variant} open={open} onOpenChange={setOpen} trigger={trigger} /> : null}
    </>
  );
}

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
  const [Dialog, setDialog] = useState<Content | null>(null);
  const blocked = blocker.state === "blocked";

  useEffect(() => {
    if (!unsaved) return;
    void loadContent().then(
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
    loadContent().then(
      (content) => setDialog(() => content),
      () => (window.confirm(APP_MESSAGES.leaveUnsavedDescription) ? blocker.proceed() : blocker.reset()),
    );
  }, [blocker, Dialog]);

  if (!Dialog) return null;
  return (
    <Dialog
      open={blocked}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      title={APP_MESSAGES.leaveUnsavedTitle}
      description={APP_MESSAGES.leaveUnsavedDescription}
      confirmLabel={APP_MESSAGES.leaveUnsavedConfirm}
      onConfirm={() => {
        if (blocker.state === "blocked") blocker.proceed();
      }}
    />
  );
}
