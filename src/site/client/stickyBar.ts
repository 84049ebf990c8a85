import { SITE_HOOKS } from "../hooks";
import { STICKY_BAR_SCROLL_PX } from "../../domain/layout";

/** Shows the home page's price bar once the visitor has scrolled past 300 px, and hides it above. */
export function startStickyBar(root: Document): void {
  const bar = root.querySelector<HTMLElement>(`[${SITE_HOOKS.stickyBar}]`);
  if (!bar) return;
  const update = () => {
    bar.hidden = window.scrollY <= STICKY_BAR_SCROLL_PX;
  };
  window.addEventListener("scroll", update, { passive: true });
  update();
}
