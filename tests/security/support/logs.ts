import type { RunningServer } from "./server";

export interface LogLine {
  time: string;
  level: "info" | "warn" | "error";
  msg: string;
  request_id?: string;
  [key: string]: unknown;
}

/** The server's log so far, every line parsed (a line that is not JSON throws: every line must be). */
export function logLines(server: RunningServer): LogLine[] {
  return server.logLines.map((line) => {
    try {
      return JSON.parse(line) as LogLine;
    } catch {
      throw new Error(`a log line is not JSON: ${line.slice(0, 200)}`);
    }
  });
}

/** The lines about one request; waits briefly, since a line is written as the answer leaves. */
export async function linesFor(server: RunningServer, requestId: string | null): Promise<LogLine[]> {
  for (let i = 0; i < 20; i++) {
    const lines = logLines(server).filter((l) => l.request_id === requestId);
    if (lines.some((l) => l.msg === "request")) return lines;
    await new Promise((r) => setTimeout(r, 50));
  }
  return logLines(server).filter((l) => l.request_id === requestId);
}

/** What an answer must never show: a stack, SQL, a file path, the database's own words. */
export const LEAKS =
  /\bat \S+ \(|\.(ts|js|mjs):\d+|node_modules|\/(home|work|tmp|usr|app)\/|\b(select|insert|update|delete)\b .*\b(from|into|set)\b|sqlite|postgres|relation "|no such (table|column)|constraint failed|duplicate key|syntax error/i;
