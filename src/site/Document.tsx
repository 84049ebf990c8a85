import type { ReactNode } from "react";
import { APP_NAME } from "../lib/document-title";
import { THEME_BOOT_SCRIPT } from "../lib/themeBoot";
import { pageTitle, SHARED_HEAD_TAGS, SITE_URL } from "./head";
import type { SitePage } from "./types";

/** The files a prerendered page loads: the site entry's script and the stylesheet. */
export interface SiteAssets {
  js: string;
  css: readonly string[];
}

/** What the head of a page says (the standalone /auth page has one too). */
export type SitePageHead = Pick<SitePage, "path" | "title" | "description" | "noindex">;

/**
 * A whole public page: title, description, canonical link and social preview tags in the head
 * (absolute URLs, as crawlers and link previews want them), the body rendered by the page, and
 * the site's one small module script.
 */
export function Document({ page, assets, children }: { page: SitePageHead; assets: SiteAssets; children: ReactNode }) {
  const url = new URL(page.path, SITE_URL).toString();
  const title = pageTitle(page.title, page.path === "/");
  return (
    <html lang="en">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={page.description} />
        {page.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={APP_NAME} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={page.description} />
        <meta property="og:url" content={url} />
        <meta property="og:image" content={new URL("/social-preview.png", SITE_URL).toString()} />
        <meta name="twitter:card" content="summary_large_image" />
        {SHARED_HEAD_TAGS.map(({ tag: Tag, attrs }) => (
          <Tag key={JSON.stringify(attrs)} {...attrs} />
        ))}
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        {assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <script type="module" src={assets.js} />
      </head>
      <body>{children}</body>
    </html>
  );
}
