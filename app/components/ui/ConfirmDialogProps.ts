import type { ReactNode, RefObject } from "react";

/** Props of the confirm dialog and of its lazily loaded content, kept apart from both so neither imports the other. */
export interface ConfirmDialogProps {
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

type SharedContentProps = Omit<ConfirmDialogProps, "href" | "triggerLabel" | "triggerClassName" | "action"> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The link that opened the dialog: focus goes back to it on close (else to what had focus before). */
  trigger?: RefObject<HTMLAnchorElement>;
};

/**
 * The dialog confirms by posting to `action`, or, for a question the page answers itself (leave with changes
 * unsaved?), by calling `onConfirm`.
 */
export type ConfirmDialogContentProps = SharedContentProps &
  ({ action: string; onConfirm?: never } | { action?: never; onConfirm: () => void });
