import { dueDateCalculatorPage } from "./pages/DueDateCalculatorPage";
import { homePage } from "./pages/HomePage";
import { SITE_CONTENT_PAGES } from "./pages/index";
import { newsletterConfirmPage, newsletterUnsubscribePage } from "./pages/NewsletterLinkPage";
import type { SitePage } from "./types";

/** Every prerendered public page. The app's own public routes (/auth, /createaccount, /giftcards...) are not here: the app renders them. */
export const SITE_PAGES: readonly SitePage[] = [homePage, ...SITE_CONTENT_PAGES, dueDateCalculatorPage, newsletterConfirmPage, newsletterUnsubscribePage];
