/** Form fields beyond the text input: select, text area and an on/off switch, each named by its visible label. */
import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { clsx } from "clsx";
import { inputStyles } from "./TextField";

interface SelectFieldProps extends Omit<ComponentPropsWithRef<"select">, "id"> {
  label: string;
  hint?: string | undefined;
  children: ReactNode;
  className?: string;
}

/** Label above, control, hint below: the frame shared by the select and the text area. */
function LabelledControl({ label, hint, className, children }: { label: string; hint?: string | undefined; className?: string | undefined; children: (ids: { id: string; hintId: string | undefined }) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children({ id, hintId })}
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A native select with a visible label (its accessible name) and optional hint. */
export function SelectField({ label, hint, children, className, ...selectProps }: SelectFieldProps) {
  return (
    <LabelledControl label={label} hint={hint} className={className}>
      {({ id, hintId }) => (
        <select id={id} aria-describedby={hintId} className={clsx(inputStyles, "pr-8")} {...selectProps}>
          {children}
        </select>
      )}
    </LabelledControl>
  );
}

interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<"textarea">, "id"> {
  label: string;
  hint?: string | undefined;
  className?: string;
}

/** A multi-line text input with a visible label (its accessible name) and optional hint. */
export function TextAreaField({ label, hint, className, ...textareaProps }: TextAreaFieldProps) {
  return (
    <LabelledControl label={label} hint={hint} className={className}>
      {({ id, hintId }) => <textarea id={id} aria-describedby={hintId} className={clsx(inputStyles, "min-h-24 resize-y")} {...textareaProps} />}
    </LabelledControl>
  );
}

interface SwitchProps {
  label: string;
  hint?: string | undefined;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
}

/**
 * An on/off setting: a native checkbox exposed as a switch (role="switch"), so Space toggles it and
 * screen readers say "on"/"off". The label alone names it; the hint describes it.
 */
export function Switch({ label, hint, checked, onCheckedChange, disabled = false, className }: SwitchProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={clsx("flex items-start justify-between gap-4 py-2", className)}>
      <div className="flex min-w-0 flex-1 flex-col">
        <label htmlFor={id} className="cursor-pointer font-semibold">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-sm text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
      <span className="relative inline-flex h-11 shrink-0 items-center">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onCheckedChange(event.target.checked)}
          className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden="true"
          className="flex h-7 w-12 items-center rounded-full border-2 border-input bg-muted p-0.5 transition-colors peer-checked:border-primary peer-checked:bg-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:opacity-60 peer-checked:[&>span]:translate-x-5 peer-checked:[&>span]:bg-primary-foreground"
        >
          <span className="size-5 rounded-full bg-input transition-transform" />
        </span>
      </span>
    </div>
  );
}
