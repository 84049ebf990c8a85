import { useEffect, useRef, type ReactNode } from "react";
import { useDocumentTitle } from "../lib/document-title";

export const AUTH_HEADING_ID = "auth-heading";

/**
 * The card every sign-in, sign-up and setup page sits in (the /auth modes, account creation, the
 * wizards, partner and guest sign-up): one h1 (focusable, so a mode switch can move focus to it).
 */
export function AuthCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="rounded-card border border-border bg-surface p-6 shadow-sm sm:p-8">
      <h1 id={AUTH_HEADING_ID} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl">
        {title}
      </h1>
      {description && <p className="mt-2 text-muted-foreground">{description}</p>}
      <div className="mt-6">{children}</div>
    </div>
  );
}

/**
 * Moves focus to the card's heading whenever `step` changes in place (a mode or wizard step), so
 * screen readers follow; the first render keeps the browser's own focus.
 */
export function useFocusHeadingOnChange(step: unknown): void {
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    document.getElementById(AUTH_HEADING_ID)?.focus();
  }, [step]);
}
