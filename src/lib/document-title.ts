import { useEffect } from "react";

export const APP_NAME = "BabySteps";

/** Sets the tab title to 'Page · BabySteps' while the calling screen is shown (WCAG 2.4.2). */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${APP_NAME}` : APP_NAME;
  }, [page]);
}

/** The <head> element matching `selector`, created from `create` when the page has none yet. */
function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  document.head.appendChild(element);
  return element;
}

/**
 * A page's own description and canonical link (for search engines and link previews), put back to
 * what they were when the page goes away.
 */
export function usePageMeta({ title, description, canonicalPath }: { title: string; description: string; canonicalPath: string }): void {
  useDocumentTitle(title);
  useEffect(() => {
    const meta = headElement("meta[name=description]", () => Object.assign(document.createElement("meta"), { name: "description" }));
    const link = headElement("link[rel=canonical]", () => Object.assign(document.createElement("link"), { rel: "canonical" }));
    const previous = { description: meta.content, href: link.getAttribute("href") };
    meta.content = description;
    link.href = new URL(canonicalPath, window.location.origin).toString();
    return () => {
      meta.content = previous.description;
      if (previous.href === null) link.remove();
      else link.href = previous.href;
    };
  }, [description, canonicalPath]);
}
