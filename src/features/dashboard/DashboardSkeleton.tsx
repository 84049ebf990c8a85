import { Skeleton, SkeletonCard } from "../../ui/Skeleton";

/** The dashboard's shape while the pregnancy loads, with one polite status for screen readers. */
export function DashboardSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-4">
      <span role="status" className="sr-only">
        Loading your pregnancy...
      </span>
      <div aria-hidden="true" className="flex flex-col gap-5 rounded-card border border-border bg-surface p-5 sm:flex-row sm:items-center sm:p-6">
        <Skeleton className="size-36 shrink-0 self-center rounded-full sm:size-40" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-8 w-3/4" />
          <div className="grid grid-cols-2 gap-3">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <SkeletonCard />
        <SkeletonCard />
      </div>
    </div>
  );
}
