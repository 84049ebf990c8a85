import type { SitePage } from "../types";

export const SITE_CONTENT_PAGES: SitePage[] = [];
