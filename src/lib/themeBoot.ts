/**
 * Applies the saved theme before the first paint (no flash), inlined into the head of the app's
 * index.html and of every prerendered public page. Plain ES5 in a string because it runs before any
 * module loads. Kept in step with src/lib/theme.ts: localStorage "theme" is "light", "dark" or
 * "system" (default); "theme-preset" is one of the presets (default "soft-pastels"); a dark-only
 * preset is always dark.
 */
import { DARK_ONLY_PRESETS, DEFAULT_THEME_PRESET, THEME_PRESET_STORAGE_KEY, THEME_PRESETS, THEME_STORAGE_KEY } from "./theme.ts";

export const THEME_BOOT_SCRIPT = `(function () {
  var dark = false;
  var preset = ${JSON.stringify(DEFAULT_THEME_PRESET)};
  var presets = ${JSON.stringify(THEME_PRESETS)};
  var darkOnly = ${JSON.stringify(DARK_ONLY_PRESETS)};
  try {
    var saved = localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});
    var pref = saved === "light" || saved === "dark" ? saved : "system";
    var savedPreset = localStorage.getItem(${JSON.stringify(THEME_PRESET_STORAGE_KEY)});
    if (presets.indexOf(savedPreset) !== -1) preset = savedPreset;
    dark = darkOnly.indexOf(preset) !== -1 || pref === "dark" || (pref === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  } catch (e) {}
  var root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  root.setAttribute("data-preset", preset);
})();`;
