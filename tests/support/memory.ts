import fs from "node:fs";

/** The resident memory of a process (this one by default), and its peak since the last reset, from /proc (Linux). */
export function memoryOf(pid: number | "self" = "self"): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/**
 * A process's resident memory before `work` and at its highest during it (the kernel's peak, reset
 * first, and samples every 5 ms), with what `work` answered.
 */
export async function peakDuring<T>(
  pid: number | "self",
  work: () => Promise<T>,
): Promise<{ before: number; peak: number; answer: T }> {
  const before = memoryOf(pid).rss;
  // Writing 5 resets the process's peak (VmHWM) to its present size.
  fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  let sampled = before;
  const timer = setInterval(() => (sampled = Math.max(sampled, memoryOf(pid).rss)), 5);
  let answer: T;
  try {
    answer = await work();
  } finally {
    clearInterval(timer);
  }
  return { before, peak: Math.max(sampled, memoryOf(pid).peak), answer };
}
