import { useId } from "react";
import { clsx } from "clsx";
import { setThemePreference, THEME_PREFERENCES, useThemePreference, type ThemePreference } from "../lib/theme";

const LABELS: Record<ThemePreference, string> = { light: "Light", dark: "Dark", system: "System" };

/** The theme setting (light, dark, system): a native select labelled 'Theme', saved under `theme`. */
export function ThemeToggle({ className, hideLabelOnMobile = false }: { className?: string; hideLabelOnMobile?: boolean }) {
  const id = useId();
  const preference = useThemePreference();
  return (
    <div className={clsx("flex items-center gap-2", className)}>
      <label htmlFor={id} className={clsx("text-sm font-semibold", hideLabelOnMobile && "sr-only sm:not-sr-only")}>
        Theme
      </label>
      <select
        id={id}
        value={preference}
        onChange={(event) => setThemePreference(event.target.value as ThemePreference)}
        className="min-h-10 rounded-full border border-input bg-surface px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {THEME_PREFERENCES.map((value) => (
          <option key={value} value={value}>
            {LABELS[value]}
          </option>
        ))}
      </select>
    </div>
  );
}
