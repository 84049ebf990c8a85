import { GiftIcon, ImageIcon, StarIcon, UsersIcon } from "../../ui/icons";
import type { SitePage } from "../types";
import { CheckList, ClosingCta, CtaLink, CtaRow, FaqList, PAGE_CLASS, PageIntro, Section, type FaqItem } from "./parts";
import { BASIC_PLAN_PHOTO_LIMIT, BASIC_PLAN_PRICE_CENTS, PHOTO_UPGRADE_PRICE_CENTS, PLANS, PREMIUM_PLAN_PRICE_CENTS, REFERRAL_DISCOUNT_PERCENT, RETURNING_FAMILY_DISCOUNT_PERCENT, TRIAL_DAYS, formatPrice } from "../../domain/billing";
import { DAYS_PER_WEEK } from "../../domain/units";
import { GIFT_CARD_MONTH_OPTIONS } from "../../domain/giftCards";
import { MAX_SETUP_BABIES } from "../../domain/pregnancy";
import { READ_ONLY_YEARS, SERVICE_END_DAYS_AFTER_DUE } from "../../domain/dates";
import { REFERRAL_CODE_LENGTH } from "../../domain/referral";
import { EXPORT_AFTER_CLOSURE_DAYS } from "../../domain/dataExport";

const BASIC_PRICE = formatPrice(BASIC_PLAN_PRICE_CENTS);
const PREMIUM_PRICE = formatPrice(PREMIUM_PLAN_PRICE_CENTS);
const UPGRADE_PRICE = formatPrice(PHOTO_UPGRADE_PRICE_CENTS);
const WEEKS_ACTIVE_AFTER_DUE = SERVICE_END_DAYS_AFTER_DUE / DAYS_PER_WEEK;

/** What the subscription includes: the pricing page's 12-item feature list. */
const PRICING_FEATURES = [
  "Pregnancy tracking by week and trimester",
  `Twins and more: up to ${MAX_SETUP_BABIES} babies per pregnancy`,
  "A shared calendar with RSVPs and suggested milestones",
  `A private photo album with up to ${BASIC_PLAN_PHOTO_LIMIT} photos`,
  "A privacy level on every photo, post and event",
  "A posts feed with likes, comments and replies",
  "Kick counter, contraction timer and vitamin checklist",
  "Cravings and symptoms log, birth plan and hospital bag",
  "The live waiting room for the day of the birth",
  "Registry links your family can find in one place",
  "The baby prediction game with a leaderboard",
  "Free accounts for your partner and invited guests",
] as const;

const giftCardMonths = GIFT_CARD_MONTH_OPTIONS.join(", ").replace(/, (\d+)$/, " or $1");

const FAQ: readonly FaqItem[] = [
  {
    question: "Do I need to pay to start?",
    answer: `No. No payment is required to start, and nothing is charged during your ${TRIAL_DAYS}-day free trial. After the trial, the plan is billed monthly.`,
  },
  {
    question: "How long does my subscription run?",
    answer: `Your account stays active until ${WEEKS_ACTIVE_AFTER_DUE} weeks after your due date, and the subscription ends on its own at that point. Everything is then kept read-only for ${READ_ONLY_YEARS} years, so you can look back at every photo and post.`,
  },
  {
    question: "Do my partner and guests pay anything?",
    answer: "No. Your partner's account is always free, and so are the accounts of the family and friends you invite.",
  },
  {
    question: "Can I add unlimited photos later?",
    answer: `Yes. You can move from Basic to Premium in Settings at any time, and back again. Premium costs ${UPGRADE_PRICE} more per month.`,
  },
  {
    question: "What happens if I cancel?",
    answer:
      `Cancelling closes your pregnancy right away: the parent features end and your guests lose access. We refund the current billing month's payment: to your card what the card paid, and back to your account credit what gift card credit paid. Earlier months are not refunded. Before you confirm, we offer the download of everything (every photo as uploaded, and all your records), and you can still download it for ${EXPORT_AFTER_CLOSURE_DAYS} days afterwards.`,
  },
  {
    question: "Can I combine discounts?",
    answer: `One discount applies per subscription. If you qualify for both, the returning-family discount of ${RETURNING_FAMILY_DISCOUNT_PERCENT}% is used, because it is the larger one.`,
  },
];

function PricingPage() {
  return (
    <div className={PAGE_CLASS}>
      <PageIntro title="One simple plan for your whole pregnancy" eyebrow="Pricing">
        <p>
          Try everything free for {TRIAL_DAYS} days. After that, {BASIC_PRICE} a month covers you, and your partner and guests join free.
        </p>
      </PageIntro>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <section aria-labelledby="plan-heading" className="flex flex-col gap-5 rounded-card border-2 border-primary bg-surface p-6 shadow-sm sm:p-8">
          <div className="flex flex-col gap-1">
            <h2 id="plan-heading" className="text-2xl font-bold">
              BabySteps {PLANS.basic.name}
            </h2>
            <p className="text-muted-foreground">Everything you need, for the whole family</p>
          </div>
          <p className="flex items-baseline gap-1">
            <span className="text-5xl font-bold tracking-tight">{BASIC_PRICE}</span>
            <span className="text-lg text-muted-foreground">/month</span>
          </p>
          <p className="font-semibold text-primary">after a {TRIAL_DAYS}-day free trial</p>
          <CheckList items={["No payment required to start", "Partner account always free", "Guests always free", "Billing stops on its own when your service period ends"]} />
          <CtaRow>
            <CtaLink href="/signup" label="Get Started" />
          </CtaRow>
        </section>

        <Section id="included-heading" title="Everything included" intro="Every tool comes with the plan. The only option is more room for photos.">
          <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {PRICING_FEATURES.map((feature) => (
              <li key={feature} className="flex gap-3 rounded-xl bg-muted px-4 py-3">
                <StarIcon className="mt-0.5 size-4 text-primary" aria-hidden="true" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </Section>
      </div>

      <section aria-labelledby="photos-heading" className="grid gap-6 rounded-card bg-primary-soft p-6 sm:p-8 md:grid-cols-2 md:items-center">
        <div className="flex flex-col gap-3">
          <span className="flex size-12 items-center justify-center rounded-full bg-surface text-primary">
            <ImageIcon className="size-6" aria-hidden="true" />
          </span>
          <h2 id="photos-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Unlimited photos for +{UPGRADE_PRICE}/month
          </h2>
          <p>
            {PLANS.basic.name} keeps up to {BASIC_PLAN_PHOTO_LIMIT} photos. If you take a bump photo every week and want room for every scan, party and first cuddle, add unlimited photo storage.
          </p>
        </div>
        <div className="flex flex-col gap-3 rounded-card bg-surface p-5 shadow-sm">
          <h3 className="text-lg font-semibold">
            {PLANS.premium.name}: {PREMIUM_PRICE}/month
          </h3>
          <p className="text-muted-foreground">Everything in {PLANS.basic.name}, plus:</p>
          <CheckList items={PLANS.premium.features} />
        </div>
      </section>

      <Section id="discounts-heading" title="Discounts">
        <ul className="grid gap-4 md:grid-cols-2">
          <li className="flex flex-col gap-2 rounded-card border border-border bg-surface p-5 shadow-sm">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <StarIcon className="text-primary" aria-hidden="true" />
              {RETURNING_FAMILY_DISCOUNT_PERCENT}% off for returning families
            </h3>
            <p className="text-muted-foreground">Expecting again? Families who have used BabySteps before get {RETURNING_FAMILY_DISCOUNT_PERCENT}% off every month. It is applied automatically when you subscribe.</p>
          </li>
          <li className="flex flex-col gap-2 rounded-card border border-border bg-surface p-5 shadow-sm">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <UsersIcon className="text-primary" aria-hidden="true" />
              {REFERRAL_DISCOUNT_PERCENT}% off your first month
            </h3>
            <p className="text-muted-foreground">
              Got a referral code from a friend? Enter the {REFERRAL_CODE_LENGTH}-character code when you sign up for {REFERRAL_DISCOUNT_PERCENT}% off your first month. Referral codes are not valid for {PLANS.premium.name}.
            </p>
          </li>
        </ul>
      </Section>

      <Section id="lifetime-heading" title="How long your account lasts">
        <div className="flex max-w-3xl flex-col gap-3 text-lg">
          <p>
            Your account stays active until {WEEKS_ACTIVE_AFTER_DUE} weeks after your due date. That gives you the whole pregnancy, the birth and the first weeks at home, and the subscription ends by itself; there is nothing to remember to cancel.
          </p>
          <p className="text-muted-foreground">
            Afterwards we keep everything read-only for {READ_ONLY_YEARS} years, so your photos, posts and milestones are there whenever you want to look back.
          </p>
        </div>
      </Section>

      <section aria-labelledby="gift-heading" className="flex flex-col items-start gap-4 rounded-card border border-border bg-surface p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div className="flex gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
            <GiftIcon className="size-6" aria-hidden="true" />
          </span>
          <div className="flex flex-col gap-2">
            <h2 id="gift-heading" className="text-2xl font-bold tracking-tight">
              Give BabySteps as a gift
            </h2>
            <p className="max-w-xl text-muted-foreground">
              Gift cards for {giftCardMonths} months of {PLANS.basic.name} or {PLANS.premium.name}. They never expire, have no fees and arrive by email.
            </p>
          </div>
        </div>
        <CtaLink href="/giftcards" label="Purchase Gift Cards" variant="secondary" />
      </section>

      <Section id="faq-heading" title="Frequently asked questions" className="mx-auto w-full max-w-3xl">
        <FaqList items={FAQ} />
      </Section>

      <ClosingCta id="start-heading" title="Start your free trial today" text={`${TRIAL_DAYS} days free, then ${BASIC_PRICE}/month. No payment required to start.`}>
        <CtaLink href="/signup" label="Get Started" />
      </ClosingCta>
    </div>
  );
}

export const pricingPage: SitePage = {
  path: "/pricing",
  title: "Pricing",
  description: `BabySteps is ${BASIC_PRICE}/month after a ${TRIAL_DAYS}-day free trial. Partners and guests join free. Unlimited photos for +${UPGRADE_PRICE}/month.`,
  Page: PricingPage,
};
