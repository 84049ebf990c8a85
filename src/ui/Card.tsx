import { useId, type ReactNode } from "react";
import { clsx } from "clsx";

/** A titled card: a region named by its heading. `tone`: its border and background classes. */
export function Card({ title, children, tone = "border-border bg-surface", action }: { title: string; children: ReactNode; tone?: string; action?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={clsx("flex flex-col gap-3 rounded-card border p-5 shadow-sm sm:p-6", tone)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold sm:text-xl">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
