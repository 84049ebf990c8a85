import type { ReactNode } from "react";
import { buttonStyles } from "../../ui/buttonStyles";
import { CalendarIcon, GiftIcon, HeartIcon, ImageIcon, StethoscopeIcon, UsersIcon, type IconProps } from "../../ui/icons";
import { hook } from "../hooks";
import { GET_STARTED } from "../links";
import { StickyBar } from "../StickyBar";
import type { SitePage } from "../types";
import { BASIC_PLAN_PHOTO_LIMIT, formatPrice, PHOTO_UPGRADE_PRICE_CENTS, PLANS, TRIAL_DAYS } from "../../domain/billing";

interface HomeSection {
  id: string;
  title: string;
  text: string;
  points: readonly string[];
  Icon: (props: IconProps) => ReactNode;
}

/** The home page's sections (onboarding spec 2): health tools, planning, photos, family, games and registry. */
const SECTIONS: readonly HomeSection[] = [
  {
    id: "health-tools",
    title: "Health tools that fit in a pocket",
    text: "Everything your provider asks about, logged in seconds and ready to print for the next appointment.",
    points: ["Kick counter and contraction timer with the 5-1-1 alert", "Daily vitamins, cravings and symptoms", "A birth plan and hospital bag checklist"],
    Icon: StethoscopeIcon,
  },
  {
    id: "planning",
    title: "Plan every week with confidence",
    text: "Your due date sets the calendar: scans, tests and celebrations are suggested at the right week and move when the date does.",
    points: ["A shared calendar with RSVPs", "Suggested milestones from week 4 to birth", "Reminders for appointments and showers"],
    Icon: CalendarIcon,
  },
  {
    id: "photos",
    title: "Photos that stay in the family",
    text: `Bump photos, scans and nursery progress in one private album: up to ${BASIC_PLAN_PHOTO_LIMIT} photos, or unlimited with Premium.`,
    points: ["Choose who sees each photo", "Location data removed from every upload", "Comments and likes from the people you invite"],
    Icon: ImageIcon,
  },
  {
    id: "family",
    title: "Bring the whole family along",
    text: "Partners join free, and so do the grandparents, aunts and friends you invite, each seeing only what you share with them.",
    points: ["Posts and updates for each circle", "A live waiting room for the big day", "Privacy levels from immediate family to acquaintances"],
    Icon: UsersIcon,
  },
  {
    id: "games-registry",
    title: "Games and a registry everyone can find",
    text: "Let everyone guess the birth date, weight and name, then see who came closest; link every registry in one place.",
    points: ["Baby prediction game with a leaderboard", "All your registries, in the order you choose", "Gift suggestions from family"],
    Icon: GiftIcon,
  },
];

function HomePage() {
  const price = formatPrice(PLANS.basic.priceCents);
  return (
    <>
      <StickyBar />
      <section aria-labelledby="hero-heading" className="bg-primary-soft/40">
        <div className="mx-auto flex w-full max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-24">
          <h1 id="hero-heading" className="text-4xl font-bold tracking-tight sm:text-6xl">
            Your pregnancy, planned and shared
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground sm:text-xl">
            Track each week, plan appointments and celebrations, keep your photos private, and let the people you love follow along, all in one calm place.
          </p>
          <a href={GET_STARTED.href} {...hook("cta", "Get Started Now")} className={buttonStyles({ size: "lg" })}>
            Get Started Now
          </a>
          <p className="text-sm text-muted-foreground">
            {TRIAL_DAYS}-day free trial. No payment required to start. Partners and guests always free.
          </p>
        </div>
      </section>

      {SECTIONS.map(({ id, title, text, points, Icon }, index) => (
        <section key={id} aria-labelledby={`${id}-heading`} className={index % 2 === 1 ? "bg-surface" : undefined}>
          <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-14 sm:px-6 md:grid-cols-[auto_1fr] md:gap-10">
            <Icon className="size-12 text-primary" />
            <div className="flex flex-col gap-3">
              <h2 id={`${id}-heading`} className="text-2xl font-bold sm:text-3xl">
                {title}
              </h2>
              <p className="text-lg text-muted-foreground">{text}</p>
              <ul className="mt-2 grid gap-2 sm:grid-cols-3">
                {points.map((point) => (
                  <li key={point} className="flex items-start gap-2">
                    <HeartIcon className="mt-0.5 size-4 text-primary" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>
      ))}

      <section aria-labelledby="pricing-heading" className="bg-primary-soft/40">
        <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-4 px-4 py-16 text-center">
          <h2 id="pricing-heading" className="text-3xl font-bold">
            Simple pricing
          </h2>
          <p className="text-5xl font-bold">
            {price}
            <span className="text-lg font-medium text-muted-foreground">/month</span>
          </p>
          <p className="max-w-xl text-lg text-muted-foreground">
            Free for {TRIAL_DAYS} days, then {price} a month for the parents. Add unlimited photos for {formatPrice(PHOTO_UPGRADE_PRICE_CENTS)} more a month.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <a href={GET_STARTED.href} {...hook("cta", "Start Free Trial")} className={buttonStyles({ size: "lg" })}>
              Start Free Trial
            </a>
            <a href="/pricing" className={buttonStyles({ variant: "secondary", size: "lg" })}>
              See pricing details
            </a>
          </div>
        </div>
      </section>
    </>
  );
}

export const homePage: SitePage = {
  path: "/",
  title: "BabySteps: plan your pregnancy and share it with family",
  description: `Track your pregnancy week by week, plan appointments, keep photos private and share the journey with your partner, family and friends. ${TRIAL_DAYS} days free.`,
  Page: HomePage,
};
