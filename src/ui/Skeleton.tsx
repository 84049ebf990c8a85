import { clsx } from "clsx";

/** A grey placeholder block; decorative (the surrounding status says what is loading). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx("animate-pulse rounded-xl bg-muted", className)} />;
}

export function SkeletonCard() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 sm:p-6">
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
    </div>
  );
}
