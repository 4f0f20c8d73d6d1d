import { useRef, useState, type ComponentType } from "react";
import { buttonClass } from "./Button";
import type { ConfirmDialogContentProps, ConfirmDialogProps } from "./ConfirmDialogProps";

export type ConfirmDialogContentType = ComponentType<ConfirmDialogContentProps>;

/**
 * The dialog's code (Radix Dialog) is its own chunk, fetched when a trigger is first pointed at,
 * focused or tapped (or a form first holds changes not saved yet: LeaveConfirm), so list pages do not
 * carry it up front. One promise for the whole page.
 */
let loading: Promise<ConfirmDialogContentType> | undefined;
export const loadConfirmDialog = () => {
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
  const [Dialog, setDialog] = useState<ConfirmDialogContentType | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <>
      {/* A plain link: the JS-off path, and lists render one per row. */}
      <a
        ref={trigger}
        href={href}
        className={triggerClassName ?? buttonClass(variant)}
        onPointerEnter={() => void loadConfirmDialog().catch(() => undefined)}
        onFocus={() => void loadConfirmDialog().catch(() => undefined)}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          loadConfirmDialog().then(
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
