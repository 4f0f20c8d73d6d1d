import { formatFileSize, quotaLevel, type StorageQuota } from "../../../../contract/files";
import { SCHOOL_TIME_ZONE } from "~/lib/dates";

/** Pieces the file manager's screens share: their addresses, the storage meter and the not-found state. */

export const FILES_HOME = "/admin/files";
/** The way back from a file or folder that is not found. */
export const FILES_BACK = { to: FILES_HOME, label: "Back to files" };
export const folderHref = (folder: string) => `${FILES_HOME}/${encodeURIComponent(folder)}`;
export const fileHref = (id: number | string, action: "view" | "download" | "delete") =>
  `${FILES_HOME}/${id}/${action}`;
export const uploadHref = (folder?: string) =>
  folder ? `${FILES_HOME}/upload/${encodeURIComponent(folder)}` : `${FILES_HOME}/upload`;
export const folderDeleteHref = (folder: string) => `${FILES_HOME}/folder/${encodeURIComponent(folder)}/delete`;

/** Made once: building a date format costs more than using it, and a page of files uses it for every row. */
const UPLOAD_DATE = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: SCHOOL_TIME_ZONE,
});
export const formatUploadDate = (iso: string) => UPLOAD_DATE.format(new Date(iso));

const files = (n: number) => `${n} ${n === 1 ? "file" : "files"}`;
export const folderSummary = (count: number, size: string) => `${files(count)} · ${size}`;
export const deleteFolderQuestion = (name: string, count: number) =>
  `Delete the folder "${name}" and its ${files(count)}? This cannot be undone.`;
export const deleteFileQuestion = (name: string) => `Delete "${name}"? This cannot be undone.`;

const BAR = { red: "fill-red-600", yellow: "fill-amber-400", green: "fill-emerald-600" } as const;

/**
 * The storage meter: used, quota, remaining and percentage, a bar that is red
 * above 90 %, yellow above 75 % and green otherwise, or "unlimited". The bar is drawn in SVG, so its
 * length needs no inline style.
 */
export function StorageMeter({ quota }: { quota: StorageQuota | null }) {
  if (!quota) return null;
  const used = formatFileSize(quota.used);
  return (
    <section
      aria-labelledby="storage-title"
      className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="storage-meter"
    >
      <h2 id="storage-title" className="text-lg font-semibold">
        Storage
      </h2>
      {quota.unlimited || quota.quota === null ? (
        <p className="text-slate-700">{used} used · unlimited</p>
      ) : (
        <>
          <div
            role="meter"
            aria-labelledby="storage-title"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.min(100, quota.percentage)}
            aria-valuetext={`${quota.percentage}% used`}
            data-level={quotaLevel(quota.percentage)}
          >
            <svg
              viewBox="0 0 100 4"
              preserveAspectRatio="none"
              className="h-3 w-full overflow-hidden rounded-full"
              aria-hidden
            >
              <rect width="100" height="4" className="fill-slate-200" />
              <rect width={Math.min(100, quota.percentage)} height="4" className={BAR[quotaLevel(quota.percentage)]} />
            </svg>
          </div>
          <p className="text-slate-700">
            {used} of {formatFileSize(quota.quota)} used ({quota.percentage}%) · {formatFileSize(quota.remaining ?? 0)}{" "}
            remaining
          </p>
        </>
      )}
    </section>
  );
}
