import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{apps,packages,infra,web}/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two test files at a time: most wait on PostgreSQL, Redis or a child process, and vitest's
    // default on two cores (cores - 1) leaves the second idle. Files share nothing (own database,
    // own Redis key prefix, ports chosen by the system).
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph: the app's ~1,000 modules are
    // imported once per worker, not once per file (import time was 777 s of a 760 s wall on two
    // workers; 27 s without isolation). Files keep nothing at module level between them: each
    // builds its own app, database and Redis prefix.
    isolate: false,
    // As the end-to-end tests do in CI: a test that fails once and then passes is reported as
    // flaky in the output ("retry"), and does not fail a run of an hour on a shared machine.
    retry: process.env.CI ? 1 : 0,
  },
});
