/**
 * The error catalogue: machine codes and the spec's texts, verbatim (core spec 2 and 8, onboarding
 * spec 2, 5 and 8). Texts written 'Title: description' or 'Title - description' in the spec are
 * kept whole; splitToast separates them for a toast. Where the spec only names a family of texts
 * ("plus comment, reply, delete, update variants"), the wording chosen is noted.
 */
import { BACKOFF_FACTOR, MS_PER_SECOND } from "./units";

export const ERROR_BOUNDARY_MAX_RETRIES = 3;

/** Retry n (0-based) waits 2^n seconds: 1 s, 2 s, 4 s. */
export const ERROR_BOUNDARY_BASE_DELAY_MS = MS_PER_SECOND;

// ---------------------------------------------------------------------------------------------
// Data isolation (action refused, audit warning logged)

export const DATA_ISOLATION_CODES = ["MODE_MISMATCH", "PREGNANCY_ID_MISMATCH", "ACCESS_DENIED", "VALIDATION_FAILED"] as const;
export type DataIsolationCode = (typeof DATA_ISOLATION_CODES)[number];

export const DATA_ISOLATION_TITLES: Readonly<Record<DataIsolationCode, string>> = {
  MODE_MISMATCH: "Access Error",
  PREGNANCY_ID_MISMATCH: "Context Error",
  ACCESS_DENIED: "Access Denied",
  VALIDATION_FAILED: "Validation Failed",
};
export const DATA_ACCESS_ERROR_TITLE = "Data Access Error";
export const NO_PREGNANCY_CONTEXT_MESSAGE = "No valid pregnancy context available";

export function isDataIsolationCode(code: unknown): code is DataIsolationCode {
  return (DATA_ISOLATION_CODES as readonly unknown[]).includes(code);
}

/** The toast title for a refused action's code; 'Data Access Error' for any other code. */
export function dataIsolationTitle(code: unknown): string {
  return isDataIsolationCode(code) ? DATA_ISOLATION_TITLES[code] : DATA_ACCESS_ERROR_TITLE;
}

// ---------------------------------------------------------------------------------------------
// Error categories and the error boundary

export const ERROR_CATEGORIES = ["network", "permission", "validation", "system", "unknown"] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

/** Checked in this order; the first category with a word in the message wins. */
const CATEGORY_WORDS: readonly (readonly [ErrorCategory, readonly string[]])[] = [
  ["network", ["network", "fetch", "connection"]],
  ["permission", ["permission", "unauthorized", "forbidden"]],
  ["validation", ["validation", "invalid", "required"]],
  ["system", ["chunk", "loading", "script"]],
];

/** The message of anything thrown. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string") return error.message;
  return String(error);
}

/** Category by words in the message, case-insensitive (core spec 8). */
export function categorizeError(error: unknown): ErrorCategory {
  const message = errorMessageOf(error).toLowerCase();
  const match = CATEGORY_WORDS.find(([, words]) => words.some((word) => message.includes(word)));
  return match ? match[0] : "unknown";
}

export const BOUNDARY_MESSAGES: Readonly<Record<ErrorCategory | "offline", string>> = {
  offline: "You're currently offline. Please check your internet connection.",
  network: "Network connection issue. Retrying automatically when connection is restored.",
  permission: "Access denied. Please check your permissions or try logging in again.",
  validation: "Invalid data detected. Please refresh and try again.",
  system: "System loading error. The application will attempt to recover automatically.",
  unknown: "An unexpected error occurred. Our team has been notified.",
};

export const BOUNDARY_TEXTS = {
  networkTitle: "Connection Issue",
  title: "Something went wrong",
  technicalDetails: "Technical details",
  reloadPage: "Reload Page",
  waitingForConnection: "Waiting for connection...",
  tryAgain: (retriesLeft: number) => `Try Again (${retriesLeft} left)`,
} as const;

export function boundaryTitle(category: ErrorCategory): string {
  return category === "network" ? BOUNDARY_TEXTS.networkTitle : BOUNDARY_TEXTS.title;
}

/** The category's message; being offline overrides it. */
export function boundaryMessage(category: ErrorCategory, online: boolean): string {
  return online ? BOUNDARY_MESSAGES[category] : BOUNDARY_MESSAGES.offline;
}

/** Wait before retry number `retryCount` (0-based): 1 s, 2 s, 4 s. */
export function boundaryRetryDelayMs(retryCount: number): number {
  return ERROR_BOUNDARY_BASE_DELAY_MS * BACKOFF_FACTOR ** retryCount;
}

/** After maxRetries (default 3) attempts only reloading is offered. */
export function canRetry(retryCount: number, maxRetries: number = ERROR_BOUNDARY_MAX_RETRIES): boolean {
  return retryCount < maxRetries;
}

// ---------------------------------------------------------------------------------------------
// Toasts: splitting

/** 'Title: description' or 'Title - description' into its parts; other texts are a title only. */
export function splitToast(text: string): { title: string; description?: string } {
  const match = /^(.+?)(?::| -) (.+)$/s.exec(text);
  return match?.[1] && match[2] ? { title: match[1], description: match[2] } : { title: text };
}

export const SUCCESS_TOASTS = {
  success: "Success",
  postCreated: "Post created successfully",
  commentAdded: "Comment added",
  replyAdded: "Reply added",
  postDeleted: "Post deleted",
  postUpdated: "Post updated",
  photoDeleted: "Photo deleted",
  photosUploaded: "Photos uploaded successfully",
  photoUpdated: "Photo updated",
  subscriptionSynced: "Subscription Synced",
  downgradeScheduled: "Downgrade scheduled",
  secureCheckout: "Secure checkout",
  predictionsSubmitted: "Predictions Submitted!",
  predictionUpdated: "Prediction updated",
  statusUpdated: "Status Updated",
  autoCloseScheduled: "Auto-Close Scheduled",
} as const;

/** Guards, shell and not-found texts (core spec 2, onboarding spec 2). */
export const ROUTE_TEXTS = {
  accessRestricted: "Access Restricted",
  parentOnly: "This feature is only available to pregnancy owners and partners.",
  notFound: "Oops! Page not found",
  loading: "Loading...",
  limitedAccess: "Limited Access",
  guestAccessBadge: "Guest Access",
  activeSubscriptionBadge: "Active Subscription",
} as const;

/** Ours: what the server answers for a failure it did not expect; the details stay in its log. */
export const INTERNAL_ERROR_MESSAGE = "Something went wrong.";
