import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { clsx } from "clsx";

export const inputStyles =
  "min-h-11 w-full rounded-xl border border-input bg-surface px-3.5 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-invalid:border-danger disabled:opacity-60";

interface TextFieldProps extends Omit<ComponentPropsWithRef<"input">, "id"> {
  /** The visible label; it is also the input's accessible name. */
  label: string;
  id?: string;
  /** Help text under the input, linked with aria-describedby. */
  hint?: string | undefined;
  /** Field error under the input: marks it aria-invalid and links the text with aria-describedby. */
  error?: string | undefined;
  /** Marks the field invalid when the message is shown elsewhere (e.g. a form-level alert). */
  invalid?: boolean;
  /** Ids of other elements that describe the field (e.g. that form-level alert). */
  describedBy?: string | undefined;
  className?: string;
  inputClassName?: string;
  /** A control inside the input's right edge (e.g. a show-password toggle). */
  trailing?: ReactNode;
}

export function TextField({ label, id, hint, error, invalid = false, describedBy, className, inputClassName, trailing, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedByIds = clsx(hint && hintId, error && errorId, describedBy) || undefined;
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-semibold text-foreground">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={Boolean(error) || invalid || undefined}
          aria-describedby={describedByIds}
          className={clsx(inputStyles, trailing !== undefined && "pr-12", inputClassName)}
          {...inputProps}
        />
        {trailing !== undefined && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
