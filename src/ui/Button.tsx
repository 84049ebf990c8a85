import type { ComponentPropsWithRef } from "react";
import { clsx } from "clsx";
import { buttonStyles, type ButtonSize, type ButtonVariant } from "./buttonStyles";
import { SpinnerIcon } from "./Spinner";

interface ButtonProps extends ComponentPropsWithRef<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Busy: the button is disabled and shows a spinner; its accessible name does not change. */
  loading?: boolean;
}

export function Button({ variant, size, fullWidth, loading = false, disabled, className, children, type = "button", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={clsx(buttonStyles({ variant, size, fullWidth }), className)}
      {...props}
    >
      {loading && <SpinnerIcon />}
      {children}
    </button>
  );
}
