import { useEffect } from "react";

export const APP_NAME = "BabySteps";

/** Sets the tab title to 'Page · BabySteps' while the calling screen is shown (WCAG 2.4.2). */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${APP_NAME}` : APP_NAME;
  }, [page]);
}
