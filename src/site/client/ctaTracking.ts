import { track } from "../../lib/analytics";
import { SITE_HOOKS } from "../hooks";

/** Records a cta_clicked event (onboarding spec 7) for every marked link, with its label and where it leads. */
export function trackCtaClicks(root: Document): void {
  root.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a[${SITE_HOOKS.cta}]`) : null;
    if (!link) return;
    const cta = link.getAttribute(SITE_HOOKS.cta) ?? link.textContent ?? "";
    track("cta_clicked", { cta, to: new URL(link.href).pathname, page: window.location.pathname });
  });
}
