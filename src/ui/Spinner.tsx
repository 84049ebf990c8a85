import { clsx } from "clsx";

const iconSizes = { sm: "size-4", md: "size-6", lg: "size-10" } as const;

/** The spinning ring alone, hidden from assistive technology (use inside labelled controls). */
export function SpinnerIcon({ size = "sm", className }: { size?: keyof typeof iconSizes; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className={clsx("animate-spin", iconSizes[size], className)}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

interface SpinnerProps {
  /** What is loading; read by screen readers, and shown when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  size?: keyof typeof iconSizes;
  className?: string;
}

/** A loading indicator announced politely (role status) with an accessible label. */
export function Spinner({ label = "Loading...", showLabel = false, size = "md", className }: SpinnerProps) {
  return (
    <div role="status" className={clsx("inline-flex items-center gap-3 text-muted-foreground", className)}>
      <SpinnerIcon size={size} className="text-primary" />
      <span className={showLabel ? "text-base" : "sr-only"}>{label}</span>
    </div>
  );
}

/** A centred spinner for a whole screen or section while it loads. */
export function PageSpinner({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center p-6">
      <Spinner label={label} showLabel size="lg" />
    </div>
  );
}
