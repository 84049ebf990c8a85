import { useSyncExternalStore } from "react";

/** Below this width the app shows the mobile top and bottom bars. */
export const MOBILE_BREAKPOINT_PX = 768;

/** Below 768 px the shell shows the mobile top and bottom bars instead of the sidebar. */
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(MOBILE_QUERY);
  media.addEventListener("change", listener);
  return () => media.removeEventListener("change", listener);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
