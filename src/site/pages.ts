import { dueDateCalculatorPage } from "./pages/DueDateCalculatorPage";
import { homePage } from "./pages/HomePage";
import { SITE_CONTENT_PAGES } from "./pages/index";
import { newsletterConfirmPage, newsletterUnsubscribePage } from "./pages/NewsletterLinkPage";
import type { SitePage } from "./types";

/** Every prerendered public page. /auth has its own entry (src/auth); the app's public routes (/createaccount, /giftcards...) are not here: the app renders them. */
export const SITE_PAGES: readonly SitePage[] = [homePage, ...SITE_CONTENT_PAGES, dueDateCalculatorPage, newsletterConfirmPage, newsletterUnsubscribePage];
