import { Link } from "@remix-run/react";
import { useState, type MouseEvent, type ReactNode } from "react";
import { MESSAGES } from "../../../../contract/messages";
import { TEXT_MAX, type TimetableSummary } from "../../../../contract/timetables";
import { buttonClass } from "~/components/ui/Button";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";
import { Field } from "~/components/ui/Field";
import type { ToastMessage } from "~/components/ui/Toast";
import type { FieldMeta } from "~/lib/form-state";

/** Pieces the timetable screens share: the back link, the venue field, deletes, the not-found state and the PDF link. */

export const timetablePath = (id: number | string, rest = "view") => `/admin/timetable/${id}/${rest}`;
export const downloadPath = (id: number | string) => timetablePath(id, "download");

export function describeTimetable(t: Pick<TimetableSummary, "class" | "session" | "term">) {
  return `${t.class} · ${t.session} · ${t.term}`;
}

export function BackLink({ to, children = "‹ Back" }: { to: string; children?: ReactNode }) {
  return (
    <Link to={to} className="shrink-0 whitespace-nowrap rounded-lg px-2 py-1 font-semibold text-brand-700 underline">
      {children}
    </Link>
  );
}

/** The options of a select, with the current value kept even when the school's settings no longer list it. */
export function withCurrent(options: readonly string[], current: string | null | undefined): string[] {
  return current && !options.includes(current) ? [current, ...options] : [...options];
}

/** The optional venue of a timetable or a schedule. */
export function VenueField({ field }: { field: FieldMeta }) {
  return <Field label="Venue (optional)" field={field} inputProps={{ type: "text", maxLength: TEXT_MAX }} />;
}

/** A Delete link (confirm page) that opens a dialog with JavaScript; `name` says what it deletes to screen readers. */
export function DeleteAction({
  path,
  title,
  name,
  description,
}: {
  path: string;
  title: string;
  name: string;
  description: string;
}) {
  return (
    <ConfirmDialog
      href={path}
      action={path}
      title={title}
      description={description}
      triggerLabel={
        <>
          <span aria-hidden>Delete</span>
          <span className="sr-only">Delete {name}</span>
        </>
      }
      confirmLabel="Delete"
      triggerClassName={buttonClass("secondary", "text-red-700")}
    />
  );
}

const FILENAME = /filename="([^"]+)"/;

/**
 * A link to the web app's PDF route. Without JavaScript the browser downloads it as an attachment; with
 * JavaScript the PDF is fetched and saved, and `onResult` gets the toast that says how it went ('Timetable
 * downloaded successfully' or 'Failed to download timetable.'). A page shows those toasts in one place,
 * whichever of its links was used.
 */
export function DownloadLink({
  id,
  children,
  className,
  onResult,
}: {
  id: number;
  children: ReactNode;
  className?: string;
  onResult: (toast: ToastMessage) => void;
}) {
  const [busy, setBusy] = useState(false);
  const href = downloadPath(id);

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(href, { headers: { Accept: "application/pdf" } });
      if (!response.ok || !(response.headers.get("content-type") ?? "").includes("application/pdf"))
        throw new Error("not a PDF");
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = FILENAME.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "timetable.pdf";
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      onResult({ kind: "success", message: MESSAGES.timetableDownloaded });
    } catch {
      onResult({ kind: "error", message: MESSAGES.failedDownloadTimetable });
    } finally {
      setBusy(false);
    }
  }

  return (
    // No `download` attribute: the PDF's Content-Disposition makes it a download, and a failure must
    // navigate to the list that says so instead of saving the error page as a file.
    <a href={href} onClick={download} aria-busy={busy || undefined} className={className ?? buttonClass("secondary")}>
      {children}
    </a>
  );
}
