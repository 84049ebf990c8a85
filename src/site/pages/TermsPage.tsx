import type { SitePage } from "../types";
import { EmailLink, PolicyDocument, type PolicySection } from "./parts";
import { ADULT_AGE_YEARS, MINIMUM_AGE_YEARS } from "../../domain/authRules";
import { BASE_PLAN_WEEKS_AFTER_BIRTH, READ_ONLY_YEARS, SERVICE_END_DAYS_AFTER_DUE } from "../../domain/dates";
import { BASIC_PLAN_PHOTO_LIMIT, BASIC_PLAN_PRICE_CENTS, PHOTO_UPGRADE_PRICE_CENTS, PLANS, PREMIUM_PLAN_PRICE_CENTS, REFERRAL_DISCOUNT_PERCENT, RETURNING_FAMILY_DISCOUNT_PERCENT, TRIAL_DAYS, formatPrice } from "../../domain/billing";
import { DAYS_PER_WEEK } from "../../domain/units";
import { SUPPORT_EMAIL } from "../../domain/publicForms";
import { EXPORT_AFTER_CLOSURE_DAYS } from "../../domain/dataExport";

const LAST_UPDATED = { iso: "2026-11-22", text: "November 22, 2026" };
const WEEKS_ACTIVE_AFTER_DUE = SERVICE_END_DAYS_AFTER_DUE / DAYS_PER_WEEK;

const SECTIONS: readonly PolicySection[] = [
  {
    id: "agreement",
    title: "Agreement",
    body: (
      <p>
        These terms are an agreement between you and BabySteps for the use of the BabySteps website and app. By creating an account or joining a pregnancy as a partner or guest, you accept them, together with our{" "}
        <a href="/privacy">Privacy Policy</a>. If you do not agree, please do not use BabySteps.
      </p>
    ),
  },
  {
    id: "eligibility",
    title: "Who can use BabySteps",
    body: (
      <p>
        You must be at least {MINIMUM_AGE_YEARS} years old to use BabySteps. If you are under {ADULT_AGE_YEARS}, you may use it only with the permission of a parent or guardian, who accepts these terms on your behalf.
      </p>
    ),
  },
  {
    id: "accounts",
    title: "Accounts, partners and guests",
    body: (
      <>
        <p>
          The parent who creates a pregnancy is its owner and holds the subscription. The owner can invite a partner, who joins free and shares the parent tools, and guests, who join free by invitation and see and do only what the
          parents allow.
        </p>
        <p>Keep your password to yourself and tell us at once if you think someone else has used your account. You are responsible for whom you invite and for what you share with them.</p>
      </>
    ),
  },
  {
    id: "trial-and-billing",
    title: "Free trial and billing",
    body: (
      <>
        <p>
          A new subscription starts with a {TRIAL_DAYS}-day free trial. No payment is required to start, and nothing is charged until the trial ends. After the trial, the subscription is billed monthly, in U.S. dollars, to the payment
          method you gave us, until the service period ends or you cancel.
        </p>
        <ul>
          <li>
            {PLANS.basic.name}: {formatPrice(BASIC_PLAN_PRICE_CENTS)} per month, with up to {BASIC_PLAN_PHOTO_LIMIT} photos.
          </li>
          <li>
            {PLANS.premium.name}: {formatPrice(PREMIUM_PLAN_PRICE_CENTS)} per month, that is {PLANS.basic.name} plus unlimited photos for {formatPrice(PHOTO_UPGRADE_PRICE_CENTS)} more, with priority support, advanced photo organization and
            print options.
          </li>
        </ul>
        <p>Payments are processed by Stripe. You can change plans in Settings: an upgrade to {PLANS.premium.name} applies at once; a move back to {PLANS.basic.name} applies from the next billing period.</p>
      </>
    ),
  },
  {
    id: "discounts",
    title: "Discounts and referral codes",
    body: (
      <p>
        Returning families receive {RETURNING_FAMILY_DISCOUNT_PERCENT}% off. A referral code gives {REFERRAL_DISCOUNT_PERCENT}% off the first month and is not valid for {PLANS.premium.name}. Only one discount applies to a subscription.
        Discounts have no cash value.
      </p>
    ),
  },
  {
    id: "service-period",
    title: "Service period and read-only access",
    body: (
      <>
        <p>
          The Base plan ({PLANS.basic.name}) covers the service from sign-up through at least {BASE_PLAN_WEEKS_AFTER_BIRTH} weeks after the birth. In practice, your account stays fully active until {WEEKS_ACTIVE_AFTER_DUE} weeks after the due date, and the
          subscription then ends on its own.
        </p>
        <p>
          After that, the pregnancy is kept read-only for {READ_ONLY_YEARS} years: you and the people you invited can still look at it, but nothing new can be added. At the end of those {READ_ONLY_YEARS} years it is deleted.
        </p>
      </>
    ),
  },
  {
    id: "cancellation-and-refunds",
    title: "Cancellation and refunds",
    body: (
      <>
        <p>You can cancel at any time in Settings, under Billing. Cancellation takes effect immediately:</p>
        <ul>
          <li>the pregnancy is closed;</li>
          <li>the parent features end;</li>
          <li>your partner and guests lose access to it.</li>
        </ul>
        <p>
          When you cancel, we refund the current billing month's payment at once: what your card paid for it goes back to that card (your bank may take 5 to 10 business days to show it), and any gift card credit it used goes back
          onto your account as credit. Earlier months are not refunded. If you cancel during the free trial, nothing has been charged, so nothing is refunded. Before you confirm, we offer you the download of the whole pregnancy; its owner can still download it from Settings for {EXPORT_AFTER_CLOSURE_DAYS} days after it closes.
        </p>
      </>
    ),
  },
  {
    id: "gift-cards",
    title: "Gift cards",
    body: (
      <ul>
        <li>Gift cards are sold and redeemed in U.S. dollars.</li>
        <li>They never expire and carry no fees of any kind.</li>
        <li>They are not refundable and cannot be exchanged for cash.</li>
        <li>A redeemed gift card becomes credit on the account. The credit is drawn first on every invoice, and any amount left over stays on the account for later invoices.</li>
      </ul>
    ),
  },
  {
    id: "your-content",
    title: "Your content",
    body: (
      <>
        <p>
          You own the photos, posts and other content you add. You give us permission to store, process and show it to the people you share it with, only so that we can run BabySteps for you. This permission ends when the content is
          deleted.
        </p>
        <p>Only add content you have the right to share, and respect the privacy of the people in your photos.</p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>Please do not:</p>
        <ul>
          <li>upload anything illegal, hateful or sexually explicit, or anything that infringes someone else's rights;</li>
          <li>harass other participants or share their content outside BabySteps without their consent;</li>
          <li>try to access pregnancies, accounts or data you were not invited to;</li>
          <li>disrupt the service, or use automated tools to copy it or overload it.</li>
        </ul>
        <p>We may remove content or suspend an account that breaks these rules. Where we can, we will tell you first and give you a chance to put things right.</p>
      </>
    ),
  },
  {
    id: "health-information",
    title: "Health information is not medical advice",
    body: (
      <p>
        The kick counter, contraction timer, symptom log and other tools help you keep track; they do not diagnose anything and do not replace your doctor, midwife or hospital. If you are worried about yourself or your baby, contact your
        healthcare provider. In an emergency, call your local emergency number.
      </p>
    ),
  },
  {
    id: "availability",
    title: "Availability and changes to the service",
    body: <p>We work hard to keep BabySteps available and your data safe, but we cannot promise the service will never be interrupted. We may improve or change features over time; we will not remove a core feature you are paying for without telling you first.</p>,
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <p>
        BabySteps is provided as it is. To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability to you is limited to the amounts you paid us for BabySteps.
        Nothing in these terms limits rights you have under consumer law that cannot be limited.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: <p>If we change these terms, we will update the date at the top of this page. For significant changes, we will tell you by email before they take effect. Continuing to use BabySteps after that means you accept the new terms.</p>,
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about these terms? Email <EmailLink email={SUPPORT_EMAIL} subject="Terms question" /> or use our <a href="/contact">contact form</a>.
      </p>
    ),
  },
];

function TermsPage() {
  return (
    <PolicyDocument
      title="Terms and Conditions"
      lastUpdated={LAST_UPDATED}
      contentsLabel="Contents"
      intro={<p>These terms explain what you can expect from BabySteps and what we expect from you. We have kept them as short and plain as we can.</p>}
      sections={SECTIONS}
    />
  );
}

export const termsPage: SitePage = {
  path: "/terms",
  title: "Terms and Conditions",
  description: "BabySteps terms: free trial and monthly billing, cancellation and refunds, gift cards, the service period, read-only access and age requirements.",
  Page: TermsPage,
};
