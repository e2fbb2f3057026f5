import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{apps,packages,infra,web}/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // As the end-to-end tests do in CI: a test that fails once and then passes is reported as
    // flaky in the output ("retry"), and does not fail a run of an hour on a shared machine.
    retry: process.env.CI ? 1 : 0,
  },
});
