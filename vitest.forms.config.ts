import { defineConfig } from "vitest/config";

/**
 * The form tests (tests/forms): every JS-off flow of the screens, driven over HTTP by a small browser
 * without JavaScript (tests/forms/support/browser.ts) against the production build, which one global
 * set-up starts for all files. Run after `npm run build` (E2E_BUILD_DIR picks another build).
 */
export default defineConfig({
  test: {
    include: ["tests/forms/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/forms/support/server.ts"],
    // The files mostly wait on the one server: four at a time take two thirds of the time two do.
    maxWorkers: 4,
    minWorkers: 4,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
