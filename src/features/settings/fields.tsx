import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { clsx } from "clsx";
import type { BabyColor } from "../../domain/enums";
import { inputStyles } from "../../ui/TextField";
import { BABY_COLOR_OPTIONS } from "../theme";

interface SelectFieldProps extends Omit<ComponentPropsWithRef<"select">, "id"> {
  label: string;
  hint?: string | undefined;
  children: ReactNode;
  className?: string;
}

/** A native select with a visible label (its accessible name) and optional hint. */
export function SelectField({ label, hint, children, className, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} aria-describedby={hint ? hintId : undefined} className={clsx(inputStyles, "pr-8")} {...selectProps}>
        {children}
      </select>
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<"textarea">, "id"> {
  label: string;
  hint?: string | undefined;
  className?: string;
}

/** A multi-line text input with a visible label (its accessible name) and optional hint. */
export function TextAreaField({ label, hint, className, ...textareaProps }: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={clsx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea id={id} aria-describedby={hint ? hintId : undefined} className={clsx(inputStyles, "min-h-24 resize-y")} {...textareaProps} />
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
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

interface ColorPickerProps {
  /** The group's name, e.g. 'Colour'. */
  legend: string;
  value: BabyColor | null;
  onChange: (color: BabyColor) => void;
  disabled?: boolean;
}

/**
 * The seven baby colours as a radio group: each swatch is a native radio named by its colour
 * ('Pink'...), so arrow keys move between them; the chosen one also shows a tick, not colour alone.
 */
export function ColorPicker({ legend, value, onChange, disabled = false }: ColorPickerProps) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {BABY_COLOR_OPTIONS.map(({ id: color, label, swatch }) => (
          <label key={color} className="relative inline-flex size-11 cursor-pointer items-center justify-center">
            <input
              type="radio"
              name={name}
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
              className="peer absolute inset-0 m-0 size-full cursor-pointer opacity-0"
            />
            <span
              aria-hidden="true"
              style={{ backgroundColor: swatch }}
              className="pointer-events-none flex size-9 items-center justify-center rounded-full border-2 border-surface ring-2 ring-transparent transition peer-checked:ring-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-ring [&>svg]:opacity-0 peer-checked:[&>svg]:opacity-100"
            >
              <svg viewBox="0 0 24 24" className="size-5 text-white drop-shadow" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
                <path d="M5 12l5 5 9-10" />
              </svg>
            </span>
            <span className="sr-only">{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
