import { OTP_LENGTH } from "../../src/domain/authRules";

/** A random 6-digit code to mail (leading zeros kept). */
export function randomCode(): string {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return String(value % 10 ** OTP_LENGTH).padStart(OTP_LENGTH, "0");
}

/** What is stored instead of a code: its hash, bound to what the code is for, so a stored hash proves nothing elsewhere. */
export async function hashCode(subject: string, code: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${subject}:${code}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
