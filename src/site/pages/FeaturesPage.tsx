import type { ReactNode } from "react";
import { EVENT_CATEGORIES, GUEST_PRIVACY_LEVELS, ITEM_PRIVACY_LEVELS, PERMISSION_FLAGS } from "../../domain/enums";
import { INSPIRATION_TEMPLATE_COUNT } from "../../domain/inspiration";
import { ITEM_PRIVACY_LEVEL_LABELS } from "../../lib/labels";
import { BabyIcon, CalendarIcon, GiftIcon, HeartIcon, ImageIcon, ListIcon, StarIcon, StethoscopeIcon, UsersIcon, type IconProps } from "../../ui/icons";
import type { SitePage } from "../types";
import { CheckList, ClosingCta, CtaLink, PAGE_CLASS, PageIntro, listText } from "./parts";
import { BIRTH_PLAN_SECTIONS } from "../../domain/birthPlan";
import { HOSPITAL_BAG_LABELS } from "../../domain/hospitalBag";
import { BABY_HERE_CLOSE_HOURS, FALSE_ALARM_CLOSE_HOURS } from "../../domain/waitingRoom";
import { BASIC_PLAN_PHOTO_LIMIT, TRIAL_DAYS } from "../../domain/billing";
import { FIVE_ONE_ONE_MAX_INTERVAL_MS, FIVE_ONE_ONE_MIN_DURATION_MS, FIVE_ONE_ONE_MIN_SPAN_MS, KICK_TARGET_MOVEMENTS } from "../../domain/healthTrackers";
import { MAX_SETUP_BABIES } from "../../domain/pregnancy";
import { MS_PER_HOUR, MS_PER_MINUTE } from "../../domain/units";
import { PHOTO_MAX_FILES, PHOTO_MAX_FILE_MB } from "../../domain/uploads";
import { SUGGESTED_MILESTONE_WEEKS } from "../../domain/milestones";

const minutes = (ms: number) => ms / MS_PER_MINUTE;
const hours = (ms: number) => ms / MS_PER_HOUR;
/** '5-1-1': minutes apart, minutes long, hours in a row. */
const FIVE_ONE_ONE = `${minutes(FIVE_ONE_ONE_MAX_INTERVAL_MS)}-${minutes(FIVE_ONE_ONE_MIN_DURATION_MS)}-${hours(FIVE_ONE_ONE_MIN_SPAN_MS)}`;

const privacyLevels = listText(ITEM_PRIVACY_LEVELS.map((level) => ITEM_PRIVACY_LEVEL_LABELS[level].toLowerCase()));

interface Area {
  id: string;
  title: string;
  Icon: (props: IconProps) => ReactNode;
  intro: string;
  points: readonly string[];
}

const AREAS: readonly Area[] = [
  {
    id: "pregnancy-heading",
    title: "Pregnancy tracking",
    Icon: BabyIcon,
    intro: "Start from your due date or the first day of your last period. BabySteps works out the rest and keeps it up to date.",
    points: [
      "Today's week, trimester and the days left until your due date",
      `Twins and more: up to ${MAX_SETUP_BABIES} babies per pregnancy, each with a name and a colour`,
      "Change the due date at any time and every date that depends on it follows",
      "A dashboard with the coming events, the newest posts and recent photos",
    ],
  },
  {
    id: "calendar-heading",
    title: "Calendar and RSVPs",
    Icon: CalendarIcon,
    intro: "One calendar for appointments, milestones and celebrations, shared with exactly the people you choose.",
    points: [
      `Events in ${EVENT_CATEGORIES.length} categories: ${listText(EVENT_CATEGORIES)}`,
      `Suggested milestones placed by week, from the first prenatal appointment around week ${SUGGESTED_MILESTONE_WEEKS.firstPrenatalAppointment} to the anatomy scan around week ${SUGGESTED_MILESTONE_WEEKS.anatomyScan} and packing the hospital bag`,
      "Invite family to an event; they answer attending, maybe or declined, straight from the invitation email",
      "Keep notes and the questions you want to ask at each appointment",
      "Subscribe from the calendar app on your phone or computer with a private link",
    ],
  },
  {
    id: "photos-heading",
    title: "Photo album",
    Icon: ImageIcon,
    intro: "Bump photos, scans and first moments, sorted by pregnancy week and shared only with the people you pick.",
    points: [
      `A privacy level on every photo: ${privacyLevels}`,
      `Upload up to ${PHOTO_MAX_FILES} photos at a time, up to ${PHOTO_MAX_FILE_MB} MB each`,
      "Tag family members, and let guests you allow add their own photos",
      `${INSPIRATION_TEMPLATE_COUNT} photo ideas, from fruit-size comparisons to holidays, when you want inspiration`,
      "Location data is removed from every JPEG before it is stored",
      `Up to ${BASIC_PLAN_PHOTO_LIMIT} photos with the Basic plan, unlimited with Premium`,
    ],
  },
  {
    id: "posts-heading",
    title: "Posts and updates",
    Icon: ListIcon,
    intro: "A private feed for news that is bigger than a text message and smaller than a newsletter.",
    points: [
      "Share an update with a mood, a place, a link and photos",
      "Family reacts with likes, comments and replies",
      "Every post has its own audience, just like photos",
    ],
  },
  {
    id: "health-heading",
    title: "Health tools",
    Icon: StethoscopeIcon,
    intro: "Everyday tools for the parents, private to you and your partner. Guests never see them.",
    points: [
      "A vitamin and supplement checklist for each day",
      `A kick counter that times how long ${KICK_TARGET_MOVEMENTS} movements take, with a history chart`,
      `A contraction timer that tells you when the ${FIVE_ONE_ONE} rule is met: contractions ${minutes(FIVE_ONE_ONE_MAX_INTERVAL_MS)} minutes apart, lasting ${minutes(FIVE_ONE_ONE_MIN_DURATION_MS)} minute, for ${hours(FIVE_ONE_ONE_MIN_SPAN_MS)} hour`,
      "A cravings and symptoms log by pregnancy week, with a CSV export for your provider",
      `A guided birth plan in ${BIRTH_PLAN_SECTIONS.length} sections, ready to print`,
      `A hospital bag checklist with ${Object.keys(HOSPITAL_BAG_LABELS).length} lists: for you, your partner and the baby`,
      "Medical contacts: your provider, hospital, doula and paediatrician, one tap away",
    ],
  },
  {
    id: "waiting-room-heading",
    title: "The waiting room",
    Icon: HeartIcon,
    intro: "When labour starts, open the waiting room. Family and friends gather in one live space instead of phoning you.",
    points: [
      "A group chat and private direct messages while everyone waits",
      "Parent updates that stand out from the chatter",
      `A false alarm closes the room after ${FALSE_ALARM_CLOSE_HOURS} hours; after "Baby's here" it stays open ${BABY_HERE_CLOSE_HOURS} hours for congratulations`,
    ],
  },
  {
    id: "registry-heading",
    title: "Registry",
    Icon: GiftIcon,
    intro: "Keep the registries you already have at your favourite stores in one list your family can find.",
    points: ["Link registries from popular retailers or add your own", "Put them in the order you like and hide the ones you are not using", "Guests you allow can suggest items"],
  },
  {
    id: "game-heading",
    title: "Baby prediction game",
    Icon: StarIcon,
    intro: "A friendly guessing game for everyone waiting to meet your baby.",
    points: ["Guesses for the birth date, time, weight, length, hair and eye colour and the name", "After the birth, parents enter what really happened: every guess is scored and the leaderboard shows who came closest"],
  },
  {
    id: "family-heading",
    title: "Partners and guests",
    Icon: UsersIcon,
    intro: "BabySteps is built for sharing, with you in control of every detail.",
    points: [
      "Your partner joins free and shares every parent tool",
      "Guests join free by invitation: grandparents, siblings, friends",
      `${GUEST_PRIVACY_LEVELS.length} privacy levels, from immediate family to acquaintances, decide what each guest sees`,
      `${PERMISSION_FLAGS.length} permissions let you fine-tune each guest: photos, calendar, registry, waiting room and more`,
    ],
  },
];

function FeaturesPage() {
  return (
    <div className={PAGE_CLASS}>
      <PageIntro title="Everything you need, from the first scan to the first cuddle" eyebrow="Features">
        <p>BabySteps brings pregnancy tracking, a shared calendar, a private photo album, health tools and a live waiting room together in one place.</p>
      </PageIntro>

      <div className="flex flex-col gap-6">
        {AREAS.map(({ id, title, Icon, intro, points }) => (
          <section key={id} aria-labelledby={id} className="grid gap-4 rounded-card border border-border bg-surface p-5 shadow-sm sm:p-8 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:gap-8">
            <div className="flex flex-col gap-3">
              <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h2 id={id} className="text-2xl font-bold tracking-tight">
                {title}
              </h2>
              <p className="text-muted-foreground">{intro}</p>
            </div>
            <CheckList items={points} />
          </section>
        ))}
      </div>

      <ClosingCta id="start-heading" title="See it for yourself" text={`Every feature is included in your ${TRIAL_DAYS}-day free trial. No payment required to start.`}>
        <CtaLink href="/signup" label="Get Started" />
        <CtaLink href="/pricing" label="See Pricing" variant="secondary" />
      </ClosingCta>
    </div>
  );
}

export const featuresPage: SitePage = {
  path: "/features",
  title: "Features",
  description: "Pregnancy tracking, a shared calendar with RSVPs, a private photo album, health tools, a live waiting room, registry and a baby prediction game.",
  Page: FeaturesPage,
};
