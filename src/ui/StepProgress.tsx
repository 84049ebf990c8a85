import type { WizardProgress } from "../domain/wizard";
import { formatPercent } from "../lib/format";

/** 'Step X of N', the percent done and a bar, above a multi-step flow. */
export function StepProgress({ progress }: { progress: WizardProgress }) {
  return (
    <div>
      <div className="flex justify-between text-sm font-semibold text-muted-foreground">
        <span>{progress.label}</span>
        <span>{formatPercent(progress.percent)} complete</span>
      </div>
      <div role="progressbar" aria-label="Setup progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.percent} className="mt-2 h-2 rounded-full bg-border">
        <div className="h-2 rounded-full bg-primary transition-[width]" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  );
}
