import fs from "node:fs";
import { expect, test } from "vitest";

/** `--max-old-space-size=N` in a command line or NODE_OPTIONS value. */
function heapCap(text: string): number | null {
  const match = /--max-old-space-size=(\d+)/.exec(text);
  return match ? Number(match[1]) : null;
}

// One worker's memory is bounded by its heap's cap (README, Performance): `npm start` and the image must agree on it,
// and the bench starts the server with npm start's flags.
test("npm start and the image cap the JavaScript heap alike", () => {
  const start = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.start as string;
  const imageOptions = /NODE_OPTIONS=(\S+)/.exec(fs.readFileSync("Dockerfile", "utf8"))?.[1] ?? "";
  expect(heapCap(start)).toBe(512);
  expect(heapCap(imageOptions)).toBe(heapCap(start));
});
