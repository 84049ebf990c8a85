import type { ReactNode } from "react";
import { getRouteApi } from "@tanstack/react-router";
import { usePageMeta } from "../../lib/document-title";
import { Alert } from "../../ui/Alert";
import { buttonStyles } from "../../ui/buttonStyles";
import { GiftIcon, HeartIcon, ImageIcon, UsersIcon, type IconProps } from "../../ui/icons";
import { GiftCardPurchaseForm } from "./GiftCardPurchaseForm";
import { BASIC_PLAN_PHOTO_LIMIT, CHECKOUT_MESSAGES } from "../../domain/billing";
import { CONTACT_RESPONSE_HOURS, SUPPORT_EMAIL } from "../../domain/publicForms";

const route = getRouteApi("/giftcards");

const BENEFITS: { title: string; text: string; Icon: (props: IconProps) => ReactNode }[] = [
  { title: "A gift that lasts", text: "Months of pregnancy planning, milestones and memories, not one more thing to store.", Icon: GiftIcon },
  { title: "Shared with family", text: "Partners and guests always join free, so the whole family follows along.", Icon: UsersIcon },
  { title: "Photos in one place", text: `Basic keeps up to ${BASIC_PLAN_PHOTO_LIMIT} photos; Premium keeps unlimited photos with print options.`, Icon: ImageIcon },
  { title: "Simple and fair", text: "No expiry and no fees. The balance pays the subscription first; anything left stays on the account.", Icon: HeartIcon },
];

const FAQ: { question: string; answer: string }[] = [
  { question: "Do gift cards expire?", answer: "No. A gift card never expires, and neither does the credit it puts on an account." },
  { question: "Are there any fees?", answer: "No. There are no purchase, activation or inactivity fees: the full value goes to the recipient." },
  { question: "What currency are gift cards in?", answer: "U.S. dollars. The value is charged and credited in USD." },
  { question: "Can I get a refund?", answer: "No. Gift cards are not refundable, so please check the plan and value before you buy." },
  {
    question: "How do I redeem a gift card?",
    answer: "Sign in to BabySteps, open Settings and enter the code under Billing with 'Redeem gift card'. The balance is added to your account as credit at once.",
  },
  {
    question: "What does a gift card pay for?",
    answer: "Your BabySteps subscription, Basic or Premium. The credit is drawn first on every invoice, and whatever an invoice does not use stays on the account for the next one.",
  },
];

/** /giftcards (public, onboarding spec 2): benefit cards, the purchase widget, the FAQ and Contact Support. */
export function GiftCardsPage() {
  const { payment } = route.useSearch();
  usePageMeta({
    title: "Gift Cards",
    description: "Give expecting parents months of BabySteps, Basic or Premium. Gift cards never expire, have no fees, are in U.S. dollars and are delivered by email.",
    canonicalPath: "/giftcards",
  });

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-12 px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-col gap-3 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">BabySteps Gift Cards</h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground">
          Give expecting parents the calm of having everything in one place: months of BabySteps, delivered as a code they redeem in a minute.
        </p>
      </header>

      <section aria-labelledby="benefits-heading" className="flex flex-col gap-5">
        <h2 id="benefits-heading" className="text-2xl font-bold">
          Why give BabySteps
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ title, text, Icon }) => (
            <li key={title} className="flex flex-col gap-2 rounded-card border border-border bg-surface p-5 shadow-sm">
              <Icon className="size-7 text-primary" aria-hidden="true" />
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="purchase-heading" className="mx-auto flex w-full max-w-xl flex-col gap-5 rounded-card border border-border bg-surface p-5 shadow-sm sm:p-8">
        <h2 id="purchase-heading" className="text-2xl font-bold">
          Buy a gift card
        </h2>
        {payment === "cancelled" && (
          <Alert variant="warning" title={CHECKOUT_MESSAGES.paymentCancelled}>
            No payment was taken. Your gift card is not bought yet; you can try again below.
          </Alert>
        )}
        <GiftCardPurchaseForm />
      </section>

      <section aria-labelledby="faq-heading" className="mx-auto flex w-full max-w-3xl flex-col gap-4">
        <h2 id="faq-heading" className="text-2xl font-bold">
          Frequently asked questions
        </h2>
        <div className="flex flex-col gap-3">
          {FAQ.map(({ question, answer }) => (
            <details key={question} className="group rounded-xl border border-border bg-surface px-4 py-3">
              <summary className="cursor-pointer list-inside font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">{question}</summary>
              <p className="mt-2 text-muted-foreground">{answer}</p>
            </details>
          ))}
        </div>
      </section>

      <section aria-labelledby="support-heading" className="mx-auto flex max-w-xl flex-col items-center gap-3 text-center">
        <h2 id="support-heading" className="text-2xl font-bold">
          Questions about a gift card?
        </h2>
        <p className="text-muted-foreground">Our support team answers within {CONTACT_RESPONSE_HOURS} hours.</p>
        <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent("Gift card question")}`} className={buttonStyles({ variant: "secondary", size: "lg" })}>
          Contact Support
        </a>
      </section>
    </div>
  );
}
