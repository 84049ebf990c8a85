import os from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { launchOptions } from "./tests/e2e/browsers";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Each worker drives a stack of its own (tests/e2e/support.ts). Measured on 2 cores (issue 36): 20 min
  // at 1 worker and 17.6 at 2 at first; once the suite waited on its database and service workers less,
  // 493 s at 2 (the CPU busy 84% of the time) and 453 s at 3 (90%). E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS) || Math.min(3, os.availableParallelism() + 1),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // npm test reads the counts from the JSON report; a direct run just lists.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  // baseURL is each worker's own stack (tests/e2e/support.ts).
  use: {
    // Recording a trace for every test cost about a tenth of the suite's CPU (screencast frames and
    // snapshots written, then deleted when the test passed); the retry of a failed test records one.
    trace: "on-first-retry",
    // The app stops its animations (the skeletons' pulse, spinners) for reduced motion: a page that
    // animates is composited sixty times a second for nothing, measured at a sixth of the browser's CPU.
    reducedMotion: "reduce",
    // Each test's browser is new, so the app's service worker would install and precache the whole app
    // (about 140 files) in every context: measured at a sixth of the suite's time (issue 36). A returning
    // visitor's worker is installed once. The files about the worker itself (pwa, device-push, the first
    // load's console) allow it.
    serviceWorkers: "block",
    launchOptions,
  },
  projects: [
    // Tests tagged @desktop or @mobile are about one layout only (the sidebar exists from 768 px), or do not
    // depend on the layout at all and run once, which keeps CI short.
    { name: "desktop", grepInvert: /@mobile/, use: { ...devices["Desktop Chrome"], launchOptions } },
    { name: "mobile", grepInvert: /@desktop/, use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions } },
  ],
});
