import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts"],
    environment: "node",
    // Each test file starts its own API on its own database and restores what it changes, so a worker runs
    // one file after another without loading the modules again: half the time of isolated files.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
