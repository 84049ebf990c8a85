/**
 * The early-access record (onboarding spec 3, core spec 4): while an email is unconfirmed the user
 * has 24 hours of full access from account creation. The server enforces the window; this record in
 * local storage mirrors it for the screens (and payment results written by the checkout return).
 */
import { earlyAccessExpiresAt, isEarlyAccessActive } from "../../domain/modes";

const EARLY_ACCESS_KEY = "early-access";

export interface EarlyAccessRecord {
  userId: string;
  email: string;
  expiresAt: number;
  emailConfirmed: boolean;
  planType?: string;
  paymentCompleted?: boolean;
  stripeSessionId?: string;
}

function read(): EarlyAccessRecord | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(EARLY_ACCESS_KEY) ?? "null");
    return typeof parsed === "object" && parsed !== null && "userId" in parsed && "expiresAt" in parsed ? (parsed as EarlyAccessRecord) : null;
  } catch {
    return null;
  }
}

function write(record: EarlyAccessRecord | null): void {
  try {
    if (record) localStorage.setItem(EARLY_ACCESS_KEY, JSON.stringify(record));
    else localStorage.removeItem(EARLY_ACCESS_KEY);
  } catch {
    // Storage blocked: the server still decides.
  }
}

/** The stored record, if it still counts; an expired record is removed. */
export function readEarlyAccess(now = Date.now()): EarlyAccessRecord | null {
  const record = read();
  if (record && !isEarlyAccessActive(record.expiresAt, now)) {
    write(null);
    return null;
  }
  return record;
}

/** Merges payment results into the current record (checkout return). */
export function updateEarlyAccess(changes: Partial<Omit<EarlyAccessRecord, "userId" | "email" | "expiresAt">>): void {
  const record = readEarlyAccess();
  if (record) write({ ...record, ...changes });
}

/**
 * Keeps the record in step with the signed-in user: created for an unconfirmed account (expiring 24
 * hours after the account was made), marked confirmed once the email is. Returns whether the user
 * may use the app: a confirmed email, or early access still running.
 */
export function syncEarlyAccess(user: { id: string; email: string; emailVerified: boolean; createdAt: Date | string }, now = Date.now()): boolean {
  const expiresAt = earlyAccessExpiresAt(new Date(user.createdAt).getTime());
  const current = readEarlyAccess(now);
  const own = current?.userId === user.id ? current : null;
  if (user.emailVerified) {
    if (own && !own.emailConfirmed) write({ ...own, emailConfirmed: true });
    return true;
  }
  if (!isEarlyAccessActive(expiresAt, now)) {
    if (own) write(null);
    return false;
  }
  if (!own) write({ userId: user.id, email: user.email, expiresAt, emailConfirmed: false });
  return true;
}
