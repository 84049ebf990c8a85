import { existsSync } from "node:fs";
import os from "node:os";
import { defineConfig, devices } from "@playwright/test";
// Debian's chromium on our machines and CI; Playwright's own browser on a developer laptop.
const executablePath = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
const launchOptions = {
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Each worker drives a stack of its own (tests/e2e/support.ts). Measured on 2 cores (issue 36): the
  // suite took 20 min at 1 worker and 17.6 at 2, the machine's CPU then fully used. E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS) || Math.min(2, os.availableParallelism()),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // npm test reads the counts from the JSON report; a direct run just lists.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  // baseURL is each worker's own stack (tests/e2e/support.ts).
  use: { trace: "retain-on-failure", launchOptions },
  projects: [
    // Tests tagged @desktop or @mobile are about one layout only (the sidebar exists from 768 px), or do not
    // depend on the layout at all and run once, which keeps CI short.
    { name: "desktop", grepInvert: /@mobile/, use: { ...devices["Desktop Chrome"], launchOptions } },
    { name: "mobile", grepInvert: /@desktop/, use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions } },
  ],
});
