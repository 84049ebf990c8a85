/**
 * The public pages' only script: small enhancers attached by data attributes (src/site/hooks.ts).
 * The calculator and the newsletter link pages load their part on demand, so the home page ships a
 * few kilobytes and never the app's bundle.
 */
import "../../styles.css";
import { hashErrorHref } from "../../domain/authLinks";
import { SITE_HOOKS } from "../hooks";
import { trackCtaClicks } from "./ctaTracking";
import { enhanceJsonForms } from "./jsonForm";
import { enhanceMenus } from "./menus";
import { startStickyBar } from "./stickyBar";

// An auth link that failed comes back with its error in the hash, on whichever page it named (onboarding spec 2).
const hashErrorPage = hashErrorHref(window.location.hash);
if (hashErrorPage) window.location.replace(hashErrorPage);

enhanceMenus(document);
startStickyBar(document);
trackCtaClicks(document);
enhanceJsonForms(document);

const calculator = document.querySelector<HTMLFormElement>(`[${SITE_HOOKS.calculator}]`);
if (calculator) void import("./calculator").then(({ startCalculator }) => startCalculator(calculator));

const newsletterLink = document.querySelector<HTMLElement>(`[${SITE_HOOKS.newsletterLink}]`);
if (newsletterLink) void import("./newsletterLink").then(({ followNewsletterLink }) => followNewsletterLink(newsletterLink));
