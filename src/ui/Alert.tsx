import type { ReactNode } from "react";
import { clsx } from "clsx";
import { splitToast } from "../domain/errors";

type AlertVariant = "error" | "success" | "info" | "warning";

const variants: Record<AlertVariant, string> = {
  error: "border-danger/40 bg-danger-soft text-danger-foreground",
  success: "border-success/40 bg-success-soft text-success-foreground",
  info: "border-border bg-lavender text-foreground",
  /** Orange: something needs the user's attention but nothing is lost (a cancelled payment). */
  warning: "border-warning bg-warning-soft text-warning-foreground",
};

interface AlertProps {
  variant?: AlertVariant;
  /** Bold lead-in, e.g. 'Invalid Credentials'. */
  title?: string | undefined;
  children?: ReactNode;
  id?: string;
  className?: string;
}

/**
 * A message block. Errors use role="alert" (announced at once); success and info use role="status".
 * Title and text sit in one paragraph so its text reads 'Title: text', as the spec writes messages.
 */
export function Alert({ variant = "error", title, children, id, className }: AlertProps) {
  return (
    <div id={id} role={variant === "error" ? "alert" : "status"} className={clsx("rounded-xl border px-4 py-3 text-sm", variants[variant], className)}>
      <p>
        {title && <strong className="font-semibold">{children ? `${title}: ` : title}</strong>}
        {children}
      </p>
    </div>
  );
}

/**
 * A form's message from a catalogue text, shown verbatim with its title ('Invalid Credentials' in
 * 'Invalid Credentials: Please check...') in bold. Renders nothing when there is no message.
 */
export function FormMessage({ message, variant = "error", id, className }: { message: string | null | undefined; variant?: AlertVariant; id?: string; className?: string }) {
  if (!message) return null;
  const { title, description } = splitToast(message);
  return (
    <Alert variant={variant} id={id} className={className}>
      <strong className="font-semibold">{title}</strong>
      {description !== undefined && message.slice(title.length)}
    </Alert>
  );
}
