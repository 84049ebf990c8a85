import { useId } from "react";
import { clsx } from "clsx";
import {
  DARK_ONLY_PRESETS,
  setThemePreference,
  setThemePreset,
  THEME_PREFERENCES,
  useThemePreference,
  useThemePreset,
  type ThemePreference,
} from "../../lib/theme";
import { THEME_PRESET_INFO, themePresetInfo } from "./presets";

const PREFERENCE_LABELS: Record<ThemePreference, string> = { light: "Light", dark: "Dark", system: "System" };

const optionStyles =
  "flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-border bg-surface px-3 py-2 has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring";

/**
 * The theme settings (core spec 1): a fieldset 'Theme' holding the light/dark/system choice
 * (radio group 'Appearance') and the five presets (radio group 'Theme preset'). Changes apply at
 * once and are saved in the browser under `theme` and `theme-preset`.
 */
export function ThemeSettings({ className }: { className?: string }) {
  const appearanceId = useId();
  const presetGroupId = useId();
  const darkNoteId = useId();
  const preference = useThemePreference();
  const preset = useThemePreset();
  const forcedDark = DARK_ONLY_PRESETS.includes(preset);

  return (
    <fieldset className={clsx("flex min-w-0 flex-col gap-5", className)}>
      <legend className="mb-3 text-lg font-semibold">Theme</legend>

      <div role="radiogroup" aria-labelledby={appearanceId} aria-describedby={forcedDark ? darkNoteId : undefined} className="flex flex-col gap-2">
        <p id={appearanceId} className="text-sm font-semibold">
          Appearance
        </p>
        <div className="grid grid-cols-3 gap-2">
          {THEME_PREFERENCES.map((value) => (
            <label key={value} className={optionStyles}>
              <input
                type="radio"
                name={`${appearanceId}-appearance`}
                value={value}
                checked={preference === value}
                onChange={() => setThemePreference(value)}
                className="size-4 accent-primary"
              />
              <span className="font-medium">{PREFERENCE_LABELS[value]}</span>
            </label>
          ))}
        </div>
        {forcedDark && (
          <p id={darkNoteId} className="text-sm text-muted-foreground">
            {themePresetInfo(preset).name} is always dark; your choice applies again with another preset.
          </p>
        )}
      </div>

      <div role="radiogroup" aria-labelledby={presetGroupId} className="flex flex-col gap-2">
        <p id={presetGroupId} className="text-sm font-semibold">
          Theme preset
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {THEME_PRESET_INFO.map((info) => {
            const nameId = `${presetGroupId}-${info.id}-name`;
            const descriptionId = `${presetGroupId}-${info.id}-description`;
            return (
              <label key={info.id} className={clsx(optionStyles, "items-start py-3")}>
                <input
                  type="radio"
                  name={`${presetGroupId}-preset`}
                  value={info.id}
                  checked={preset === info.id}
                  onChange={() => setThemePreset(info.id)}
                  aria-labelledby={nameId}
                  aria-describedby={descriptionId}
                  className="mt-1 size-4 shrink-0 accent-primary"
                />
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span id={nameId} className="font-semibold">
                    {info.name}
                  </span>
                  <span id={descriptionId} className="text-sm text-muted-foreground">
                    {info.description}
                  </span>
                </span>
                <span aria-hidden="true" className="flex shrink-0 overflow-hidden rounded-full border border-border">
                  {info.preview.map((colour) => (
                    <span key={colour} className="block size-5" style={{ backgroundColor: colour }} />
                  ))}
                </span>
              </label>
            );
          })}
        </div>
      </div>
    </fieldset>
  );
}
