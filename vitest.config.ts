import { defineConfig } from "vitest/config";

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
          // One running stack serves every file; files run one after another so
          // rate-limit and database assertions do not race each other.
          fileParallelism: false,
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
