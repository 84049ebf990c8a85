import { useId } from "react";
import type { BabyColor } from "../../domain/enums";
import { BABY_COLOR_OPTIONS } from "../../lib/babyColors";

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
