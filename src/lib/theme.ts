/**
 * Theme setting (core spec 1): light, dark or system, stored under the key `theme`. index.html
 * applies the same rule before the first paint; this module keeps it applied afterwards, follows
 * the system setting while the choice is 'system', and syncs other tabs through the storage event.
 */
import { useSyncExternalStore } from "react";

export const THEME_STORAGE_KEY = "theme";
export const THEME_PREFERENCES = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (THEME_PREFERENCES as readonly string[]).includes(value);
}

export function getThemePreference(): ThemePreference {
  try {
    const saved = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(saved) ? saved : "system";
  } catch {
    return "system";
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;
}

/** Puts the resolved theme on <html>: the `dark` class (Tailwind's dark variant) and color-scheme. */
export function applyTheme(preference: ThemePreference = getThemePreference()): void {
  const dark = preference === "dark" || (preference === "system" && systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage can be unavailable (private mode, quota): the theme still applies for this page.
  }
  applyTheme(preference);
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
      if (getThemePreference() === "system") applyTheme("system");
    });
  }
  window.addEventListener("storage", (event) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
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
