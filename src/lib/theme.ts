/**
 * Theme setting (core spec 1): light, dark or system, stored under the key `theme`, and one of five
 * presets (Soft Pastels by default) stored under `theme-preset`. index.html applies the same rules
 * before the first paint; this module keeps them applied afterwards, follows the system setting
 * while the choice is 'system', and syncs other tabs through the storage event. Moonlit Pastels is
 * a dark preset: it forces dark whatever the light/dark choice says.
 */
import { useSyncExternalStore } from "react";

export const THEME_STORAGE_KEY = "theme";
export const THEME_PREFERENCES = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

export const THEME_PRESET_STORAGE_KEY = "theme-preset";
export const THEME_PRESETS = ["soft-pastels", "warm-embrace", "cool-serenity", "earth-gentle", "moonlit-pastels"] as const;
export type ThemePreset = (typeof THEME_PRESETS)[number];
export const DEFAULT_THEME_PRESET: ThemePreset = "soft-pastels";
/** Presets that are always dark. */
export const DARK_ONLY_PRESETS: readonly ThemePreset[] = ["moonlit-pastels"];

const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (THEME_PREFERENCES as readonly string[]).includes(value);
}

export function isThemePreset(value: unknown): value is ThemePreset {
  return typeof value === "string" && (THEME_PRESETS as readonly string[]).includes(value);
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota): the theme still applies for this page.
  }
}

export function getThemePreference(): ThemePreference {
  const saved = readStorage(THEME_STORAGE_KEY);
  return isThemePreference(saved) ? saved : "system";
}

export function getThemePreset(): ThemePreset {
  const saved = readStorage(THEME_PRESET_STORAGE_KEY);
  return isThemePreset(saved) ? saved : DEFAULT_THEME_PRESET;
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;
}

/** Whether the page shows dark: a dark-only preset, the 'dark' choice, or 'system' on a dark system. */
export function resolvesToDark(preference: ThemePreference, preset: ThemePreset): boolean {
  return DARK_ONLY_PRESETS.includes(preset) || preference === "dark" || (preference === "system" && systemPrefersDark());
}

/** Puts the resolved theme on <html>: the `dark` class (Tailwind's dark variant), color-scheme and data-preset. */
export function applyTheme(preference: ThemePreference = getThemePreference(), preset: ThemePreset = getThemePreset()): void {
  const dark = resolvesToDark(preference, preset);
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
  root.dataset.preset = preset;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setThemePreference(preference: ThemePreference): void {
  writeStorage(THEME_STORAGE_KEY, preference);
  applyTheme(preference);
  notify();
}

export function setThemePreset(preset: ThemePreset): void {
  writeStorage(THEME_PRESET_STORAGE_KEY, preset);
  applyTheme(undefined, preset);
  notify();
}

let started = false;

/** Starts following system changes and other tabs. Call once at start-up; later calls do nothing. */
export function watchTheme(): void {
  if (started) return;
  started = true;
  applyTheme();
  if (typeof window.matchMedia === "function") {
    window.matchMedia(DARK_QUERY).addEventListener("change", () => {
      if (getThemePreference() === "system") applyTheme();
    });
  }
  window.addEventListener("storage", (event) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== THEME_PRESET_STORAGE_KEY && event.key !== null) return;
    applyTheme();
    notify();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The saved preference, re-rendering when it changes (here or in another tab). */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribe, getThemePreference, () => "system");
}

/** The saved preset, re-rendering when it changes (here or in another tab). */
export function useThemePreset(): ThemePreset {
  return useSyncExternalStore(subscribe, getThemePreset, () => DEFAULT_THEME_PRESET);
}
