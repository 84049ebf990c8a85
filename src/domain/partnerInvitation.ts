/** Rules of the partner invitation (onboarding spec 2) that need no database. */

/** 'olivia@example.com' → 'o•••••@example.com': enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.indexOf("@");
  if (at < 1) return email;
  return `${email[0]}${"•".repeat(Math.max(at - 1, 1))}${email.slice(at)}`;
}
