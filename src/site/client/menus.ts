import { SITE_HOOKS } from "../hooks";

/**
 * The header's disclosure menus (native <details>, usable without this script): Escape closes the
 * open one and returns focus to its button; a click or focus outside closes it; one open at a time.
 */
export function enhanceMenus(root: Document): void {
  const menus = [...root.querySelectorAll<HTMLDetailsElement>(`details[${SITE_HOOKS.menu}]`)];
  const closeAllBut = (keep: HTMLDetailsElement | null) => menus.forEach((menu) => menu !== keep && (menu.open = false));
  for (const menu of menus) {
    menu.addEventListener("toggle", () => menu.open && closeAllBut(menu));
    menu.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !menu.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    });
  }
  root.addEventListener("click", (event) => {
    closeAllBut(event.target instanceof Element ? event.target.closest<HTMLDetailsElement>(`details[${SITE_HOOKS.menu}]`) : null);
  });
  root.addEventListener("focusin", (event) => {
    closeAllBut(event.target instanceof Element ? event.target.closest<HTMLDetailsElement>(`details[${SITE_HOOKS.menu}]`) : null);
  });
}
