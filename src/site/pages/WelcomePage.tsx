import { CalendarIcon, GiftIcon, HeartIcon, HourglassIcon, ImageIcon, StethoscopeIcon, UsersIcon } from "../../ui/icons";
import type { SitePage } from "../types";
import { CheckList, ClosingCta, CtaLink, CtaRow, FeatureCardList, PAGE_CLASS, PageIntro, Section, type FeatureCard } from "./parts";
import { BASIC_PLAN_PRICE_CENTS, TRIAL_DAYS, formatPrice } from "../../domain/billing";

const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    title: "Week by week",
    text: "Enter your due date or the first day of your last period and see how far along you are, your trimester and what is coming next.",
    Icon: HourglassIcon,
  },
  {
    title: "A shared calendar",
    text: "Appointments, scans and the baby shower in one calendar. Invite family, collect RSVPs and start from suggested milestones.",
    Icon: CalendarIcon,
  },
  {
    title: "A private photo album",
    text: "Bump photos and scans, sorted by week. Choose for every photo who may see it, from just the two of you to the wider circle.",
    Icon: ImageIcon,
  },
  {
    title: "Health tools",
    text: "A kick counter, a contraction timer, vitamins, symptoms, a birth plan and a hospital bag checklist, kept private to the parents.",
    Icon: StethoscopeIcon,
  },
  {
    title: "The waiting room",
    text: "When labour starts, family waits together in one live room for your updates instead of calling and texting you.",
    Icon: HeartIcon,
  },
  {
    title: "Registry and baby game",
    text: "Link the registries you already have and let everyone guess the birth date, weight and name in a friendly prediction game.",
    Icon: GiftIcon,
  },
];

const PRICE = formatPrice(BASIC_PLAN_PRICE_CENTS);

function WelcomePage() {
  return (
    <div className={PAGE_CLASS}>
      <div className="flex flex-col items-center gap-8">
        <PageIntro title="Your pregnancy, shared with the people who love you" eyebrow="Welcome to BabySteps">
          <p>Plan every week, keep every milestone in one place, and bring your partner, family and friends along on the journey.</p>
        </PageIntro>
        <CtaRow className="w-full justify-center sm:w-auto">
          <CtaLink href="/createaccount" label="Start Your Journey" />
          <CtaLink href="/guest-signup" label="Join as Guest" variant="secondary" />
        </CtaRow>
        <p className="text-center text-muted-foreground">
          {TRIAL_DAYS}-day free trial, then {PRICE}/month. No payment required to start. Partners and guests always join free.
        </p>
      </div>

      <Section id="features-heading" title="Everything for the months ahead" intro="Six things BabySteps does for you, your partner and everyone waiting to meet your baby.">
        <FeatureCardList cards={FEATURE_CARDS} />
      </Section>

      <Section id="who-heading" title="Made for the whole family">
        <ul className="grid gap-4 md:grid-cols-3">
          <li className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-sm">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <HeartIcon className="text-primary" aria-hidden="true" />
              Expecting parents
            </h3>
            <CheckList items={["Track the pregnancy and your babies", "Keep the calendar and health records", "Decide what each guest can see and do"]} className="text-muted-foreground" />
          </li>
          <li className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-sm">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <UsersIcon className="text-primary" aria-hidden="true" />
              Partners
            </h3>
            <CheckList items={["Join free with an invitation", "Share every parent tool", "Post updates from the hospital"]} className="text-muted-foreground" />
          </li>
          <li className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 shadow-sm">
            <h3 className="flex items-center gap-2 text-lg font-semibold">
              <GiftIcon className="text-primary" aria-hidden="true" />
              Family and friends
            </h3>
            <CheckList items={["Join free when a parent invites you", "See the photos and updates shared with you", "RSVP, play the baby game and wait for the news"]} className="text-muted-foreground" />
          </li>
        </ul>
      </Section>

      <ClosingCta id="start-heading" title="Ready for your first step?" text={`Try everything free for ${TRIAL_DAYS} days. Invite your partner today, and your family whenever you are ready.`}>
        <CtaLink href="/createaccount" label="Get Started" />
        <CtaLink href="/features" label="View Features" variant="secondary" />
      </ClosingCta>
    </div>
  );
}

export const welcomePage: SitePage = {
  path: "/welcome",
  title: "Welcome",
  description: "Plan your pregnancy week by week and share it with your partner, family and friends. Start a free trial or join a pregnancy as a guest.",
  Page: WelcomePage,
};
