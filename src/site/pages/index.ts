import type { SitePage } from "../types";
import { aboutPage } from "./AboutPage";
import { contactPage } from "./ContactPage";
import { featuresPage } from "./FeaturesPage";
import { pricingPage } from "./PricingPage";
import { privacyPage } from "./PrivacyPage";
import { termsPage } from "./TermsPage";
import { welcomePage } from "./WelcomePage";

/** The public site's content pages, prerendered to static HTML inside the site layout. */
export const SITE_CONTENT_PAGES: SitePage[] = [welcomePage, featuresPage, pricingPage, aboutPage, contactPage, privacyPage, termsPage];
