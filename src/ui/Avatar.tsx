import { clsx } from "clsx";

const sizes = { sm: "size-8 text-xs", md: "size-10 text-sm" } as const;

/** A person's photo, or their initials on a soft circle; decorative, so the name must be said next to it. */
export function Avatar({ firstName, lastName, avatarUrl, size = "md", className }: { firstName: string; lastName: string; avatarUrl: string | null; size?: keyof typeof sizes; className?: string }) {
  const initials = `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase() || "?";
  return (
    <span aria-hidden="true" className={clsx("inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-soft font-bold text-primary", sizes[size], className)}>
      {avatarUrl ? <img src={avatarUrl} alt="" className="size-full object-cover" /> : initials}
    </span>
  );
}
