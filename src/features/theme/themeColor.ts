/**
 * The browser's and the installed app's bar take the page's background, as the preset and the
 * resolved light or dark give it (src/styles.css), in place of the head's default per scheme. Only
 * the app runs this (the public pages and /auth keep the head's colours, and their scripts stay small).
 */
function syncThemeColor(root: HTMLElement): void {
  const background = getComputedStyle(root).getPropertyValue("--background").trim();
  if (!background) return;
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) meta.content = background;
}

/** Follows every theme change (src/lib/theme.ts sets the class and data-preset on <html>). Call once at start-up. */
export function watchThemeColor(): void {
  const root = document.documentElement;
  syncThemeColor(root);
  new MutationObserver(() => syncThemeColor(root)).observe(root, { attributes: true, attributeFilter: ["class", "data-preset"] });
}
