/** A file's size in the product's units, apart from the file manager's words: a page showing one carries this alone. */
const UNITS = ["B", "KB", "MB", "GB"] as const;

/** Sizes as the product shows them: B, KB, MB, GB (1 KB = 1024 B), up to two decimals. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (unit < UNITS.length - 1 && Math.round(value * 100) / 100 >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : Math.round(value * 100) / 100} ${UNITS[unit]}`;
}
