import { defineConfig } from "vitest/config";

/**
 * The several-instances smoke test (`npm run test:instances`): apart from `npm test`, because it
 * starts processes and needs PostgreSQL and Redis running (see .ci/run).
 */
export default defineConfig({
  test: {
    include: ["infra/multi-instance/*.smoke.ts"],
    // Budgets against a hang on a loaded machine, not judges of speed: each wait is for proof.
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: "forks",
  },
});
