/**
 * What every document's head carries besides its title and description: the colour scheme, the
 * browser's theme colours, the icon and the web app manifest. The build puts them into the app's
 * index.html (scripts/vite-public-site.ts) and the prerender into every public page, so the two
 * never drift apart.
 */
import { APP_NAME } from "../lib/document-title.ts";

export interface HeadTag {
  tag: "meta" | "link";
  attrs: Record<string, string>;
}

/** Where the site is published: canonical links, social previews and the sitemap name it. */
export const SITE_URL = "https://babysteps.app";

/** The colours of the soft-pastels background in light and dark (src/styles.css). */
const THEME_COLOR_LIGHT = "#fff8fb";
const THEME_COLOR_DARK = "#1b1620";

export const SHARED_HEAD_TAGS: readonly HeadTag[] = [
  { tag: "meta", attrs: { name: "color-scheme", content: "light dark" } },
  { tag: "meta", attrs: { name: "theme-color", content: THEME_COLOR_LIGHT, media: "(prefers-color-scheme: light)" } },
  { tag: "meta", attrs: { name: "theme-color", content: THEME_COLOR_DARK, media: "(prefers-color-scheme: dark)" } },
  { tag: "meta", attrs: { name: "application-name", content: APP_NAME } },
  { tag: "link", attrs: { rel: "icon", type: "image/svg+xml", href: "/favicon.svg" } },
  { tag: "link", attrs: { rel: "manifest", href: "/manifest.webmanifest" } },
];

/** 'Pricing · BabySteps'; the home page passes its own full title. */
export const pageTitle = (title: string, isHome: boolean) => (isHome ? title : `${title} · ${APP_NAME}`);
