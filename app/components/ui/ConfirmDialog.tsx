import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Button, buttonClass } from "./Button";

interface ConfirmDialogProps {
  /** The confirm page that does the same job without JavaScript. */
  href: string;
  /** Where the confirming form posts. */
  action: string;
  title: string;
  description: ReactNode;
  triggerLabel: ReactNode;
  confirmLabel: string;
  variant?: "primary" | "danger";
  triggerClassName?: string;
  hiddenFields?: Record<string, string>;
  /** Fields the confirmation asks for (a reason, say), shown above the buttons. */
  children?: ReactNode;
}

/** The browser can show a native modal dialog; where it cannot, the trigger stays a link to the confirm page. */
const canShowModal = () => typeof HTMLDialogElement === "function" && "showModal" in HTMLDialogElement.prototype;

/**
 * A confirmation: a link to a confirm page before JavaScript runs (or where the browser has no modal
 * dialog), a native modal <dialog> after. Both end in the same POST, so the outcome never depends on
 * scripts. The native element brings focus trapping, Escape and the backdrop without any library.
 */
export function ConfirmDialog({
  href,
  action,
  title,
  description,
  triggerLabel,
  confirmLabel,
  variant = "danger",
  triggerClassName,
  hiddenFields = {},
  children,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLAnchorElement>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const descriptionId = useId();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === action;

  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);

  const close = () => {
    dialog.current?.close();
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <>
      {/* A plain link: it only matters where the dialog cannot open, and lists render one per row. */}
      <a
        ref={trigger}
        href={href}
        className={triggerClassName ?? buttonClass(variant)}
        onClick={(event) => {
          if (!canShowModal()) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {triggerLabel}
      </a>
      {open
        ? createPortal(
            <dialog
              ref={dialog}
              aria-labelledby={titleId}
              aria-describedby={descriptionId}
              onCancel={(event) => {
                event.preventDefault();
                close();
              }}
              className="w-[calc(100%-2rem)] max-w-sm space-y-4 rounded-2xl bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
            >
              <h2 id={titleId} className="text-lg font-bold">
                {title}
              </h2>
              <p id={descriptionId} className="text-slate-700">
                {description}
              </p>
              <Form method="post" action={action} className="space-y-4">
                {Object.entries(hiddenFields).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                {children}
                <div className="flex justify-end gap-2">
                  <button type="button" className={buttonClass("secondary")} onClick={close}>
                    Cancel
                  </button>
                  <Button variant={variant} pending={pending}>
                    {confirmLabel}
                  </Button>
                </div>
              </Form>
            </dialog>,
            document.body,
          )
        : null}
    </>
  );
}

/** The JS-off confirm page's body: the question, Cancel back, and the confirming POST. */
export function ConfirmPage({
  title,
  description,
  cancelTo,
  confirmLabel,
  variant = "danger",
  hiddenFields = {},
  children,
}: {
  title: string;
  description: ReactNode;
  cancelTo: string;
  confirmLabel: string;
  variant?: "primary" | "danger";
  hiddenFields?: Record<string, string>;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="confirm-title" className="mx-auto max-w-sm space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h1 id="confirm-title" className="text-xl font-bold">
        {title}
      </h1>
      <p className="text-slate-700">{description}</p>
      <Form method="post" className="space-y-4">
        {Object.entries(hiddenFields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <div className="flex justify-end gap-2">
          <Link to={cancelTo} className={buttonClass("secondary")}>
            Cancel
          </Link>
          <Button variant={variant}>{confirmLabel}</Button>
        </div>
      </Form>
    </section>
  );
}
