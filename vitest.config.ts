import os from "node:os";
import { defineConfig } from "vitest/config";

/**
 * The API suite's workers, each with a stack and database of its own (tests/api/global-setup.ts), so
 * files run side by side and never share rows (issue 36). API_STACKS overrides; 1 runs files in turn.
 */
const API_STACKS = Math.max(1, Number(process.env.API_STACKS) || Math.min(2, os.availableParallelism()));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/api/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each worker has a stack of its own (global-setup.ts), so rate-limit and database
          // assertions of files running at once never meet.
          maxWorkers: API_STACKS,
          // In CI a test that fails once is run again and reported as flaky by vitest, as Playwright does.
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        test: {
          // The Worker in its deployed configuration (wrangler.toml unchanged), walked end to end.
          name: "production",
          include: ["tests/production/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/production/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
