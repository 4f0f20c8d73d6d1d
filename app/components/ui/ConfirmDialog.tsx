import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
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

/**
 * A confirmation: a link to a confirm page before JavaScript runs, a modal dialog after. Both end in the
 * same POST, so the outcome never depends on scripts.
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
  const [open, setOpen] = useState(false);
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Link
        to={href}
        className={triggerClassName ?? buttonClass(variant)}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {triggerLabel}
      </Link>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-2xl bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description className="text-slate-700">{description}</Dialog.Description>
          <Form method="post" action={action} className="space-y-4">
            {Object.entries(hiddenFields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            {children}
            <div className="flex justify-end gap-2">
              <Dialog.Close className={buttonClass("secondary")} type="button">
                Cancel
              </Dialog.Close>
              <Button variant={variant} pending={pending}>
                {confirmLabel}
              </Button>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
