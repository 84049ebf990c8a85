import type { ReactNode } from "react";

/** An empty list's message and, where the viewer can act, the next step. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-input/60 bg-muted/50 p-4">
      <p className="text-muted-foreground">{children}</p>
      {action}
    </div>
  );
}
