import { HourglassIcon, MailIcon } from "../../ui/icons";
import { ContactForm } from "../forms/ContactForm";
import type { SitePage } from "../types";
import { EmailLink, FaqList, PAGE_CLASS, PageIntro, Section, type FaqItem } from "./parts";
import { CONTACT_RESPONSE_HOURS, SUPPORT_EMAIL } from "../../domain/publicForms";
import { EARLY_ACCESS_HOURS } from "../../domain/modes";
import { OTP_LENGTH } from "../../domain/authRules";

const FAQ: readonly FaqItem[] = [
  {
    question: "I did not get my confirmation code. What now?",
    answer: `We email a ${OTP_LENGTH}-digit code to confirm your address. Check your spam or promotions folder first. If it is not there, ask for a new code on the Check Your Email screen, or write to us and we will help.`,
  },
  {
    question: "How do I invite my partner or family?",
    answer: "Open Settings and go to Family & permissions. Invite your partner or a guest by email; they join free, and you choose what each guest can see and do.",
  },
  {
    question: "How do I change or cancel my plan?",
    answer: "Open Settings and go to Billing. You can switch between Basic and Premium there, manage your payment details, or cancel.",
  },
  {
    question: "Can I get a copy of my data or have it deleted?",
    answer: (
      <p>
        Yes. Write to <EmailLink email={SUPPORT_EMAIL} subject="Data request" /> from the address on your account and tell us what you need. Our <a href="/privacy" className="text-link underline underline-offset-4 hover:no-underline">Privacy Policy</a> explains what we keep and for how long.
      </p>
    ),
  },
];

function ContactPage() {
  return (
    <div className={PAGE_CLASS}>
      <PageIntro title="Contact us" eyebrow="We are here to help">
        <p>A question about your account, a billing problem, an idea for a feature or a partnership? Send us a message and a real person will answer.</p>
      </PageIntro>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <section aria-labelledby="message-heading" className="flex flex-col gap-5 rounded-card border border-border bg-surface p-5 shadow-sm sm:p-8">
          <h2 id="message-heading" className="text-2xl font-bold tracking-tight">
            Send us a message
          </h2>
          <ContactForm />
        </section>

        <div className="flex flex-col gap-6">
          <section aria-labelledby="direct-heading" className="flex flex-col gap-4 rounded-card bg-primary-soft p-5 sm:p-8">
            <h2 id="direct-heading" className="text-2xl font-bold tracking-tight">
              Contact details
            </h2>
            <p className="flex items-start gap-3">
              <MailIcon className="mt-0.5 text-primary" aria-hidden="true" />
              <span>
                Email: <EmailLink email={SUPPORT_EMAIL} />
              </span>
            </p>
            <p className="flex items-start gap-3">
              <HourglassIcon className="mt-0.5 text-primary" aria-hidden="true" />
              <span>We respond within {CONTACT_RESPONSE_HOURS} hours.</span>
            </p>
          </section>

          <section aria-labelledby="early-access-heading" className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-sm sm:p-8">
            <h2 id="early-access-heading" className="text-xl font-bold tracking-tight">
              Just signed up?
            </h2>
            <p className="text-muted-foreground">
              You have full early access for {EARLY_ACCESS_HOURS} hours while you confirm your email address, so you can start setting up right away. Confirm it within that time to keep going without a break.
            </p>
          </section>
        </div>
      </div>

      <Section id="faq-heading" title="Frequently asked questions" className="mx-auto w-full max-w-3xl">
        <FaqList items={FAQ} />
      </Section>
    </div>
  );
}

export const contactPage: SitePage = {
  path: "/contact",
  title: "Contact",
  description: `Questions about BabySteps, billing or a partnership? Send us a message or email ${SUPPORT_EMAIL}. We respond within ${CONTACT_RESPONSE_HOURS} hours.`,
  Page: ContactPage,
};
