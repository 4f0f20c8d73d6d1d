import * as Dialog from "@radix-ui/react-dialog";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { usePending } from "~/lib/form-state";
import { Button, buttonClass } from "./Button";
import type { ConfirmDialogContentProps } from "./ConfirmDialogProps";

/** The confirm dialog's JS path, loaded on first use: the same question and POST as the confirm page. */
export function ConfirmDialogContent({
  open,
  onOpenChange,
  trigger,
  action,
  onConfirm,
  title,
  description,
  confirmLabel,
  variant = "danger",
  hiddenFields = {},
  children,
}: ConfirmDialogContentProps) {
  const pending = usePending({ action });
  const buttons = (confirm: ReactNode) => (
    <div className="flex justify-end gap-2">
      <Dialog.Close type="button" className={buttonClass("secondary")}>
        Cancel
      </Dialog.Close>
      {confirm}
    </div>
  );
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            if (!trigger) return;
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 space-y-4 rounded-2xl bg-white p-5 text-slate-900 shadow-xl"
        >
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description className="text-slate-700">{description}</Dialog.Description>
          {onConfirm ? (
            buttons(
              <Button type="button" variant={variant} onClick={onConfirm}>
                {confirmLabel}
              </Button>,
            )
          ) : (
            <Form method="post" action={action} className="space-y-4">
              {Object.entries(hiddenFields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              {children}
              {buttons(
                <Button variant={variant} pending={pending}>
                  {confirmLabel}
                </Button>,
              )}
            </Form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
