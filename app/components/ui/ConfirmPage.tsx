import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, buttonClass } from "./Button";

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
    <section
      aria-labelledby="confirm-title"
      className="mx-auto max-w-sm space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
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
