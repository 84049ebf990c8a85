/**
 * The app's own toast store (core spec 4 and 9): only one toast is visible at a time; a new toast
 * replaces the current one. A toast closes by itself after `durationMs` unless the pointer or
 * focus is on it, or when dismissed.
 */
import { useSyncExternalStore } from "react";

/** The app's own toast store shows one toast at a time. */
export const TOAST_LIMIT = 1;

export type ToastVariant = "default" | "success" | "error";

export interface ToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant;
  /** How long the toast stays; not in the spec (Radix's usual 5 s). */
  durationMs?: number;
}

export interface ToastItem extends Required<Omit<ToastInput, "description">> {
  id: number;
  description?: string | undefined;
}

const DEFAULT_DURATION_MS = 5000;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function clearTimer(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function startTimer(item: ToastItem): void {
  clearTimer(item.id);
  if (Number.isFinite(item.durationMs)) timers.set(item.id, setTimeout(() => dismissToast(item.id), item.durationMs));
}

/** Shows a toast (replacing the one on screen) and returns its id. */
export function toast(input: ToastInput): number {
  const item: ToastItem = { variant: "default", durationMs: DEFAULT_DURATION_MS, ...input, id: nextId++ };
  const kept = [item, ...toasts].slice(0, TOAST_LIMIT);
  for (const old of toasts) if (!kept.includes(old)) clearTimer(old.id);
  toasts = kept;
  startTimer(item);
  emit();
  return item.id;
}

/** Closes one toast, or all of them without an id. */
export function dismissToast(id?: number): void {
  const closing = id === undefined ? toasts : toasts.filter((t) => t.id === id);
  if (closing.length === 0) return;
  for (const t of closing) clearTimer(t.id);
  toasts = toasts.filter((t) => !closing.includes(t));
  emit();
}

/** Holds the toast open while the user hovers or focuses it. */
export function pauseToast(id: number): void {
  clearTimer(id);
}

export function resumeToast(id: number): void {
  const item = toasts.find((t) => t.id === id);
  if (item) startTimer(item);
}

const HANDED_OVER_KEY = "flash-toast";

/**
 * Keeps the toast on screen for the next page when leaving with a page load (the standalone /auth
 * page going on to the app says 'Welcome back!'); `showHandedOverToast` shows it there.
 */
export function handOverToast(): void {
  const [current] = toasts;
  if (!current) return;
  try {
    sessionStorage.setItem(HANDED_OVER_KEY, JSON.stringify({ title: current.title, description: current.description, variant: current.variant }));
  } catch {
    // Storage blocked: the toast is lost with the page, the navigation still happens.
  }
}

/** Shows the toast the previous page handed over, once. */
export function showHandedOverToast(): void {
  try {
    const saved = sessionStorage.getItem(HANDED_OVER_KEY);
    sessionStorage.removeItem(HANDED_OVER_KEY);
    if (saved) toast(JSON.parse(saved) as ToastInput);
  } catch {
    // Storage blocked or an unreadable entry: nothing to show.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => toasts;
const empty: readonly ToastItem[] = [];

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, () => empty);
}
