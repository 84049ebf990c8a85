import { useId } from "react";
import { Button } from "./Button";

interface DismissibleNoticeProps {
  heading: string;
  lines: readonly string[];
  /** The button's visible word, and its accessible name saying which notice it dismisses. */
  dismiss: { label: string; accessibleName: string; onDismiss: () => void; pending: boolean };
}

/** A notice that stays on the dashboard until its reader dismisses it: a heading, a few lines, one button. */
export function DismissibleNotice({ heading, lines, dismiss }: DismissibleNoticeProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-card border border-warning bg-warning-soft p-5 text-warning-foreground">
      <h2 id={headingId} className="text-xl font-bold">
        {heading}
      </h2>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <div>
        <Button variant="secondary" onClick={dismiss.onDismiss} loading={dismiss.pending} aria-label={dismiss.accessibleName}>
          {dismiss.label}
        </Button>
      </div>
    </section>
  );
}
