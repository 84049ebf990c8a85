/**
 * What the album's grid shows first: its columns at each width (the grid's classes in AlbumPanel
 * say the same), so the thumbnails of the rows in the first screenful load at once, the first row
 * ahead of everything else, and the rest only as they come near the screen.
 */
import type { ImgHTMLAttributes } from "react";
import { useSyncExternalStore } from "react";

/** Widest first: 5 columns from `lg` (1024 px), 3 from `sm` (640 px), else 2 (`grid-cols-2 sm:grid-cols-3 lg:grid-cols-5`). */
const ALBUM_COLUMNS: ReadonlyArray<{ query: string; columns: number }> = [
  { query: "(min-width: 1024px)", columns: 5 },
  { query: "(min-width: 640px)", columns: 3 },
];
const NARROWEST_COLUMNS = 2;

/**
 * Rows of thumbnails in the first screenful below the page's header, tabs and filters. Measured:
 * at a 390x844 phone (2 columns) the rows start at 469 and 656 px, the third at 843; at a 1280x720
 * desktop (5 columns) at 294 and 491.
 */
const FIRST_SCREEN_ROWS = 2;

function columnsNow(): number {
  return ALBUM_COLUMNS.find(({ query }) => window.matchMedia(query).matches)?.columns ?? NARROWEST_COLUMNS;
}

function subscribe(listener: () => void): () => void {
  const media = ALBUM_COLUMNS.map(({ query }) => window.matchMedia(query));
  for (const list of media) list.addEventListener("change", listener);
  return () => {
    for (const list of media) list.removeEventListener("change", listener);
  };
}

/** The album grid's columns at the window's width now. */
export function useAlbumColumns(): number {
  return useSyncExternalStore(subscribe, columnsNow, () => NARROWEST_COLUMNS);
}

/** How the thumbnail at `index` (in view order) loads in a grid of `columns`. */
export function thumbnailLoading(index: number, columns: number): Pick<ImgHTMLAttributes<HTMLImageElement>, "loading" | "fetchPriority"> {
  if (index < columns) return { loading: "eager", fetchPriority: "high" };
  return { loading: index < columns * FIRST_SCREEN_ROWS ? "eager" : "lazy" };
}
