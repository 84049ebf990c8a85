import type { ReactElement } from "react";

/**
 * One page of the public site: rendered to static HTML at build time (scripts/prerender.ts) inside
 * the site's header and footer, crawlable and readable without JavaScript. Pages are plain markup:
 * no hooks, no router, plain <a href> links. What they do in the browser comes from the small
 * enhancers in src/site/client, attached by data attributes.
 */
export interface SitePage {
  /** '/pricing'; the file is written to dist/client/pricing.html ('/' to index.html). */
  path: string;
  /** The tab title before ' · BabySteps'; the home page uses its own full title. */
  title: string;
  /** The meta description and social preview text (50 to 160 characters). */
  description: string;
  Page: () => ReactElement;
  /** Kept out of search engines and the sitemap (pages only reached from an emailed link). */
  noindex?: boolean;
}
