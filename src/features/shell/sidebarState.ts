/**
 * Whether the desktop sidebar is expanded or collapsed to icons, kept in the cookie
 * `sidebar_state` for 7 days (core spec 2) and restored on the next visit. The cookie is read
 * synchronously on the first render, so a reload shows the saved state without a flash.
 */
import { useCallback, useSyncExternalStore } from "react";
import { SIDEBAR_COOKIE_MAX_AGE_SECONDS } from "../../domain/layout";

export const SIDEBAR_COOKIE_NAME = "sidebar_state";

function readCookie(): boolean {
  const match = document.cookie.split("; ").find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  // Expanded unless the cookie says otherwise.
  return match?.split("=")[1] !== "false";
}

function writeCookie(expanded: boolean): void {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

let expandedState: boolean | null = null;
const listeners = new Set<() => void>();

function getExpanded(): boolean {
  expandedState ??= readCookie();
  return expandedState;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSidebarExpanded(expanded: boolean): void {
  expandedState = expanded;
  writeCookie(expanded);
  for (const listener of listeners) listener();
}

export function useSidebarExpanded(): { expanded: boolean; toggle: () => void } {
  const expanded = useSyncExternalStore(subscribe, getExpanded, () => true);
  const toggle = useCallback(() => setSidebarExpanded(!getExpanded()), []);
  return { expanded, toggle };
}
