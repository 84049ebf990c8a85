import { HeartIcon, LockIcon, StarIcon, UsersIcon } from "../../ui/icons";
import type { SitePage } from "../types";
import { ClosingCta, CtaLink, FeatureCardList, PAGE_CLASS, PageIntro, Section, type FeatureCard } from "./parts";

const VALUES: readonly FeatureCard[] = [
  {
    title: "Compassion",
    text: "Pregnancy brings joy, worry and everything in between. We write every screen for a tired parent at two in the morning, with patience and without judgement.",
    Icon: HeartIcon,
  },
  {
    title: "Privacy First",
    text: "Your pregnancy is yours. You decide who sees each photo and post, we never show ads, and we never sell your data.",
    Icon: LockIcon,
  },
  {
    title: "Family Centered",
    text: "A baby arrives into a whole circle of people. Partners and guests join free, because sharing the journey should not cost extra.",
    Icon: UsersIcon,
  },
  {
    title: "Excellence",
    text: "Calm, fast and reliable, on the phone in a waiting room as much as on a laptop at home. We sweat the details so you do not have to.",
    Icon: StarIcon,
  },
];

const FOUNDER = {
  name: "Maya Patel",
  initials: "MP",
  role: "Founder & CEO",
  bio: "Maya spent ten years building scheduling software for clinics before becoming a mother of twins. She founded BabySteps to give expecting families the calm, private and shared place she wished she had.",
};

/** The journey timeline (onboarding spec 2). */
const JOURNEY: readonly { date: string; dateTime: string; title: string; text: string }[] = [
  { date: "Mar '25", dateTime: "2025-03", title: "The idea", text: "After one too many lost group chats, Maya sketched a single place for a pregnancy and the family around it." },
  { date: "May '25", dateTime: "2025-05", title: "Development", text: "A small team started building, testing every screen with expecting parents and their families." },
  { date: "Aug '25", dateTime: "2025-08", title: "Beta", text: "The first families used BabySteps through their pregnancies and told us what to fix and what to keep." },
  { date: "Sep '25", dateTime: "2025-09-01", title: "Launch", text: "BabySteps opened to everyone on Labor Day 2025." },
];

function AboutPage() {
  return (
    <div className={PAGE_CLASS}>
      <PageIntro title="Every family deserves a calm place to share the wait" eyebrow="About BabySteps">
        <p>BabySteps helps expecting parents plan their pregnancy and share it with the people who matter, privately and without the noise.</p>
      </PageIntro>

      <Section id="story-heading" title="Our story">
        <div className="flex max-w-3xl flex-col gap-4 text-lg">
          <p>
            When our founder was expecting twins, the pregnancy lived in a dozen places: appointment cards on the fridge, scans in a camera roll, a birth plan in a notes app and three family group chats that never stopped buzzing.
          </p>
          <p>
            Grandparents wanted photos, friends wanted news, and every update meant copying the same message to everyone. On the day of the birth, her partner spent more time answering texts than holding her hand.
          </p>
          <p className="text-muted-foreground">BabySteps began as the app she wished they had had: one private place for the parents, with a seat at the table for everyone they love.</p>
        </div>
      </Section>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="mission-heading" className="flex flex-col gap-3 rounded-card bg-primary-soft p-6 sm:p-8">
          <h2 id="mission-heading" className="text-2xl font-bold tracking-tight">
            Our mission
          </h2>
          <p className="text-lg">To help expecting parents stay organised, informed and connected, so they can spend less time managing the pregnancy and more time enjoying it.</p>
        </section>
        <section aria-labelledby="vision-heading" className="flex flex-col gap-3 rounded-card bg-muted p-6 sm:p-8">
          <h2 id="vision-heading" className="text-2xl font-bold tracking-tight">
            Our vision
          </h2>
          <p className="text-lg">A world where no parent feels alone while they wait, and every family can share the journey on their own terms, with their privacy respected.</p>
        </section>
      </div>

      <Section id="values-heading" title="Our values">
        <FeatureCardList cards={VALUES} columns={4} />
      </Section>

      <Section id="founder-heading" title="Meet the founder">
        <div className="flex max-w-3xl flex-col gap-5 rounded-card border border-border bg-surface p-6 shadow-sm sm:flex-row sm:items-start sm:p-8">
          <span aria-hidden="true" className="flex size-20 shrink-0 items-center justify-center rounded-full bg-primary-soft text-2xl font-bold text-primary">
            {FOUNDER.initials}
          </span>
          <div className="flex flex-col gap-2">
            <h3 className="text-xl font-semibold">{FOUNDER.name}</h3>
            <p className="font-semibold text-primary">{FOUNDER.role}</p>
            <p className="text-muted-foreground">{FOUNDER.bio}</p>
          </div>
        </div>
      </Section>

      <Section id="journey-heading" title="Our journey">
        <ol className="flex max-w-3xl flex-col">
          {JOURNEY.map(({ date, dateTime, title, text }) => (
            <li key={dateTime} className="relative flex flex-col gap-1 border-l-2 border-border pb-8 pl-8 last:pb-0">
              <span aria-hidden="true" className="absolute top-1 -left-[9px] size-4 rounded-full border-2 border-surface bg-primary" />
              <p className="text-sm font-semibold text-primary">
                <time dateTime={dateTime}>{date}</time>
              </p>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <ClosingCta id="join-heading" title="Come along for the journey" text="Start your own pregnancy journey, or tell us what you would like BabySteps to do next.">
        <CtaLink href="/createaccount" label="Start Your Journey" />
        <CtaLink href="/contact" label="Contact Us" variant="secondary" />
      </ClosingCta>
    </div>
  );
}

export const aboutPage: SitePage = {
  path: "/about",
  title: "About",
  description: "Why we built BabySteps: our story, mission, vision and values, the founder, and our journey from a first idea to launch on Labor Day 2025.",
  Page: AboutPage,
};
