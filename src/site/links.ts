/** Where the public site's header and footer lead (onboarding spec 2, Marketing pages). */
export interface SiteLink {
  label: string;
  href: string;
}

const FEATURES: SiteLink = { label: "Features", href: "/features" };
const PRICING: SiteLink = { label: "Pricing", href: "/pricing" };
const ABOUT: SiteLink = { label: "About", href: "/about" };
const CONTACT: SiteLink = { label: "Contact", href: "/contact" };
const CALCULATOR: SiteLink = { label: "Due Date Calculator", href: "/due-date-calculator" };
const GIFT_CARDS: SiteLink = { label: "Gift Cards", href: "/giftcards" };
const PRIVACY: SiteLink = { label: "Privacy Policy", href: "/privacy" };
const TERMS: SiteLink = { label: "Terms of Service", href: "/terms" };

export const SIGN_IN: SiteLink = { label: "Sign In", href: "/auth" };
export const GET_STARTED: SiteLink = { label: "Get Started", href: "/signup" };

export const HEADER_LINKS: readonly SiteLink[] = [FEATURES, PRICING, ABOUT, CONTACT];
/** The header's Resources menu. */
export const RESOURCE_LINKS: readonly SiteLink[] = [CALCULATOR];

const SOCIAL_LINKS: readonly SiteLink[] = [
  { label: "Instagram", href: "https://www.instagram.com/babystepsapp" },
  { label: "Facebook", href: "https://www.facebook.com/babystepsapp" },
  { label: "Pinterest", href: "https://www.pinterest.com/babystepsapp" },
];

/** The footer: the header's links plus Gift Cards, Privacy Policy and Terms of Service. */
export const FOOTER_COLUMNS: readonly { title: string; links: readonly SiteLink[] }[] = [
  { title: "Product", links: [FEATURES, PRICING, CALCULATOR, GIFT_CARDS] },
  { title: "Company", links: [ABOUT, CONTACT] },
  { title: "Follow us", links: SOCIAL_LINKS },
  { title: "Legal", links: [PRIVACY, TERMS] },
];
