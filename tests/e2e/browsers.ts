import { existsSync } from "node:fs";

const args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const installed = (candidates: string[]) => candidates.find((candidate) => existsSync(candidate));

/**
 * Debian's headless shell (Chromium's old headless mode, without the full browser's layers) on our
 * machines and CI: measured (issue 36) about a fifth less browser CPU than the full chromium in its
 * new headless mode. Playwright's own browser on a developer laptop.
 */
export const launchOptions = { executablePath: installed(["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"]), args };

/**
 * The full browser, for the file about notifications (device-push.spec.ts): the headless shell has no notification
 * permission or Notification API. `test.use` it at a file's top (it starts workers of its own).
 */
export const fullBrowserLaunchOptions = { executablePath: installed(["/usr/bin/chromium"]), args };
