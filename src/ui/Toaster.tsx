import { clsx } from "clsx";
import { dismissToast, pauseToast, resumeToast, useToasts, type ToastVariant } from "./toast";

const variants: Record<ToastVariant, string> = {
  default: "border-border bg-surface text-foreground",
  success: "border-success/40 bg-success-soft text-success-foreground",
  error: "border-danger/40 bg-danger-soft text-danger-foreground",
};

/**
 * Renders the toast store in a polite live region that is always in the page, so screen readers
 * announce each toast as it appears. On a phone toasts rise from the bottom, above the app's
 * bottom bar (its height is in `--bottom-bar-height` while it shows); from 640 px, top right.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <section aria-label="Notifications" className="pointer-events-none fixed inset-x-0 bottom-[var(--bottom-bar-height,0px)] z-50 flex justify-center p-4 sm:inset-x-auto sm:top-0 sm:right-0 sm:bottom-auto sm:justify-end">
      <div role="status" aria-live="polite" aria-atomic="true" className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((t) => (
          <div
            key={t.id}
            className={clsx("pointer-events-auto flex items-start gap-3 rounded-2xl border p-4 shadow-lg", variants[t.variant])}
            onMouseEnter={() => pauseToast(t.id)}
            onMouseLeave={() => resumeToast(t.id)}
            onFocus={() => pauseToast(t.id)}
            onBlur={() => resumeToast(t.id)}
          >
            <div className="min-w-0 flex-1 wrap-anywhere">
              <p className="font-semibold">{t.title}</p>
              {t.description && <p className="mt-1 text-sm">{t.description}</p>}
            </div>
            <button
              type="button"
              aria-label="Dismiss notification"
              onClick={() => dismissToast(t.id)}
              className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
