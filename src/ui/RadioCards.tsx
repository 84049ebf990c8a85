import { useId } from "react";
import { clsx } from "clsx";

export interface RadioCardOption<T extends string> {
  value: T;
  label: string;
  description?: string;
}

interface RadioCardsProps<T extends string> {
  /** The group's name for screen readers (visually the step heading says it). */
  legend: string;
  showLegend?: boolean;
  options: readonly RadioCardOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  className?: string;
}

/** A choice of one among a few, as native radios in large cards (arrow keys move, Space picks). */
export function RadioCards<T extends string>({ legend, showLegend = false, options, value, onChange, className }: RadioCardsProps<T>) {
  const name = useId();
  return (
    <fieldset className={clsx("flex flex-col gap-3", className)}>
      <legend className={showLegend ? "mb-1 text-sm font-semibold" : "sr-only"}>{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={clsx(
            "flex cursor-pointer gap-3 rounded-xl border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
            value === option.value ? "border-primary bg-lavender" : "border-border",
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            aria-describedby={option.description ? `${name}-${option.value}` : undefined}
            className="mt-1 size-4 shrink-0 accent-primary"
          />
          <span>
            <span className="block font-semibold">{option.label}</span>
            {option.description && (
              <span id={`${name}-${option.value}`} className="block text-sm text-muted-foreground">
                {option.description}
              </span>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
