import { useId, type ReactNode } from "react";
import { clsx } from "clsx";
import { Alert } from "./Alert";
import { Button } from "./Button";
import { Spinner } from "./Spinner";

interface SettingsSectionProps {
  /** Anchor for in-page links ('/settings#babies'). */
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}

/** One settings area: a region named by its heading. */
export function SettingsSection({ id, title, description, children, className }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={clsx("scroll-mt-6 rounded-card border border-border bg-surface p-5 shadow-sm sm:p-6", className)}>
      <h2 id={headingId} className="text-xl font-bold">
        {title}
      </h2>
      {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </section>
  );
}

/** A section's load failure with a retry button. */
export function LoadFailed({ title, onRetry, busy }: { title: string; onRetry: () => void; busy: boolean }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert title={title}>Please check your connection and try again.</Alert>
      <Button variant="secondary" size="sm" onClick={onRetry} loading={busy}>
        Try Again
      </Button>
    </div>
  );
}

export function SectionLoading({ label }: { label: string }) {
  return <Spinner label={label} showLabel className="py-2" />;
}
