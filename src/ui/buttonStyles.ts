import { clsx } from "clsx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "link" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-primary text-primary-foreground shadow-sm hover:brightness-95 dark:hover:brightness-105",
  secondary: "border border-input bg-surface text-foreground hover:bg-muted",
  ghost: "text-foreground hover:bg-muted",
  link: "rounded-sm px-0 text-link underline underline-offset-4 hover:no-underline",
  danger: "border border-danger bg-surface text-danger hover:bg-danger-soft",
};

const sizes: Record<ButtonSize, string> = {
  sm: "min-h-9 px-3 text-sm",
  md: "min-h-11 px-5 text-base",
  lg: "min-h-12 px-6 text-lg",
};

/** Class names of a button; also used to style links that look like buttons. */
export function buttonStyles({ variant = "primary", size = "md", fullWidth = false }: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean } = {}): string {
  return clsx(base, variants[variant], variant === "link" ? "min-h-0 text-base" : sizes[size], fullWidth && "w-full");
}
