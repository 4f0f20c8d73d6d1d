import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The abuse-case suite (tests/security): it attacks a production build from outside, so it runs after
 * `npm run build` (E2E_BUILD_DIR picks another build), one file at a time (each starts its own servers),
 * on SQLite or, with TEST_DATABASE_URL, on PostgreSQL.
 */
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/security/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
