import { GUEST_PRIVACY_LEVELS } from "../../domain/enums";
import { ITEM_PRIVACY_LEVEL_LABELS } from "../../lib/labels";
import type { SitePage } from "../types";
import { EmailLink, PolicyDocument, listText, type PolicySection } from "./parts";
import { ADULT_AGE_YEARS, MINIMUM_AGE_YEARS, SESSION_EXPIRES_SECONDS } from "../../domain/authRules";
import { CONTACT_RESPONSE_HOURS, SUPPORT_EMAIL } from "../../domain/publicForms";
import { DAYS_PER_WEEK, SECONDS_PER_DAY } from "../../domain/units";
import { READ_ONLY_YEARS, SERVICE_END_DAYS_AFTER_DUE } from "../../domain/dates";
import { PURGE_WARNING_DAYS, SPENT_TOKEN_GRACE_DAYS } from "../../domain/retention";
import { EXPORT_AFTER_CLOSURE_DAYS, EXPORT_LINK_MINUTES } from "../../domain/dataExport";
import { SIDEBAR_COOKIE_MAX_AGE_DAYS } from "../../domain/layout";
import { PICTURE_LINK_MAX_LIFE_SECONDS } from "../../domain/pictureLinks";

const LAST_UPDATED = { iso: "2026-11-29", text: "November 29, 2026" };
const PICTURE_LINK_MAX_LIFE_MINUTES = PICTURE_LINK_MAX_LIFE_SECONDS / 60;
const WEEKS_ACTIVE_AFTER_DUE = SERVICE_END_DAYS_AFTER_DUE / DAYS_PER_WEEK;
const SESSION_DAYS = SESSION_EXPIRES_SECONDS / SECONDS_PER_DAY;
/** 'immediate family, extended family, ... and acquaintances' */
const GUEST_LEVELS_TEXT = listText(GUEST_PRIVACY_LEVELS.map((level) => ITEM_PRIVACY_LEVEL_LABELS[level].toLowerCase()));

const SECTIONS: readonly PolicySection[] = [
  {
    id: "summary",
    title: "The short version",
    body: (
      <ul>
        <li>We collect what BabySteps needs to work, and nothing for advertising.</li>
        <li>We show no ads and we never sell your data or share it for marketing.</li>
        <li>What you share is seen only by the people in your pregnancy, at the privacy level you choose.</li>
        <li>We remove location data from the photos you upload.</li>
        <li>We never see your card number: payments are handled by Stripe.</li>
        <li>You can download your data, leave a pregnancy or delete your account yourself, in Settings, at any time.</li>
      </ul>
    ),
  },
  {
    id: "information-we-collect",
    title: "Information we collect",
    body: (
      <>
        <p>We collect the information you give us and a small amount of technical information:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address and password (stored only as a secure hash), and your role in each pregnancy.
          </li>
          <li>
            <strong>Pregnancy details:</strong> the due date or the first day of your last period, and your babies' names, genders and colours.
          </li>
          <li>
            <strong>What you share:</strong> photos, posts, comments, likes, calendar events and RSVPs, registry links, baby game guesses and waiting room messages.
          </li>
          <li>
            <strong>Health records:</strong> vitamins, kick counts, contractions, cravings, symptoms, your birth plan, hospital bag and medical contacts.
          </li>
          <li>
            <strong>Messages to us:</strong> what you send through the contact form or by email, and your newsletter sign-up if you choose to subscribe.
          </li>
          <li>
            <strong>Technical information:</strong> page load times, error reports and a few events such as completing sign-up, recorded by our own servers. We load no third-party tracking or advertising scripts.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use",
    title: "How we use your information",
    body: (
      <>
        <p>We use your information to run BabySteps for you and the people you invite: to show your pregnancy timeline, deliver invitations and RSVPs, store your photos, keep your records, and bill your subscription.</p>
        <p>We also use technical information to fix problems, keep the service secure and understand which pages help people get started. We do not build advertising profiles.</p>
      </>
    ),
  },
  {
    id: "who-can-see",
    title: "Who can see what you share",
    body: (
      <>
        <p>
          Everything in a pregnancy is private to the people taking part in it: the parents (the owner and the partner) and the guests they invite. Nothing is public, and nothing can be found by search engines.
        </p>
        <p>
          Every photo, post and event has a privacy level, either {ITEM_PRIVACY_LEVEL_LABELS["parents-only"].toLowerCase()} or one of {GUEST_LEVELS_TEXT}. A guest sees an item only when it is shared with their circle or a wider one, and the parents decide what each guest may do.
        </p>
        <p>Health records are only for the parents. Guests never see them.</p>
        <p>
          Pictures reach your browser through private links made for your sign-in alone, each good for at most {PICTURE_LINK_MAX_LIFE_MINUTES} minutes. When a parent removes someone, or narrows who may see a photo, a picture already handed to that
          person's browser stops loading within {PICTURE_LINK_MAX_LIFE_MINUTES} minutes, and no new one reaches them.
        </p>
      </>
    ),
  },
  {
    id: "photos-and-location",
    title: "Photos and location data",
    body: (
      <p>
        Phone cameras often hide the exact place a picture was taken in the file (EXIF and GPS data). When you upload a JPEG photo, we remove that location data, along with other hidden details such as the camera model, before the photo is stored. Only
        the orientation is kept, so the picture shows the right way up.
      </p>
    ),
  },
  {
    id: "payments",
    title: "Payments",
    body: (
      <p>
        Subscriptions and gift cards are paid through Stripe. You enter your card details on Stripe's secure pages; we never see or store your card number. Stripe tells us whether a payment succeeded and keeps the records it needs, under
        its own privacy policy.
      </p>
    ),
  },
  {
    id: "email",
    title: "Email",
    body: (
      <>
        <p>We send email only for:</p>
        <ul>
          <li>your account: confirming your address, sign-in codes, password resets and billing;</li>
          <li>invitations to a pregnancy and to events;</li>
          <li>RSVPs and updates from the pregnancies you take part in;</li>
          <li>our newsletter, only if you signed up for it.</li>
        </ul>
        <p>
          The newsletter uses double opt-in: you are subscribed only after you click the link in the confirmation email. Every newsletter email has an unsubscribe link. You can turn off invitation, RSVP and update emails in Settings.
        </p>
      </>
    ),
  },
  {
    id: "no-ads",
    title: "No ads, no selling of data",
    body: <p>BabySteps is paid for by subscriptions, not by advertising. We show no ads, we never sell your personal information, and we never share it with anyone for their marketing.</p>,
  },
  {
    id: "service-providers",
    title: "Service providers",
    body: (
      <p>
        We use a small number of providers to run the service: a cloud provider that hosts the application and stores photos, an email delivery service, and Stripe for payments. They process data only on our instructions and only to
        provide their service to us.
      </p>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and local storage",
    body: (
      <>
        <p>We use only the cookies and browser storage BabySteps needs to work:</p>
        <ul>
          <li>a sign-in cookie that keeps you signed in for up to {SESSION_DAYS} days;</li>
          <li>a cookie that remembers whether the sidebar is open, for {SIDEBAR_COOKIE_MAX_AGE_DAYS} days;</li>
          <li>browser storage for your theme, your parent or guest mode and the pregnancy you last viewed.</li>
        </ul>
        <p>We use no advertising or cross-site tracking cookies.</p>
      </>
    ),
  },
  {
    id: "data-retention",
    title: "How long we keep your data",
    body: (
      <>
        <p>
          A pregnancy stays fully active until {WEEKS_ACTIVE_AFTER_DUE} weeks after its due date. After that, it is kept read-only for {READ_ONLY_YEARS} years, so you and your family can look back at it. {PURGE_WARNING_DAYS} days before
          those {READ_ONLY_YEARS} years end, we write to the parents; when they end, and never sooner than {PURGE_WARNING_DAYS} days after that message, we delete the pregnancy with every photo, post, event, registry, game, waiting-room
          message and health record in it.
        </p>
        <p>
          Sign-in sessions and sign-in codes are deleted when they expire. Invitation links and partner codes are deleted {SPENT_TOKEN_GRACE_DAYS} days after they are used or expire, so a late click still gets a clear answer, and an
          event's RSVP links stop working {SPENT_TOKEN_GRACE_DAYS} days after the event.
        </p>
        <p>
          If you cancel your subscription, the pregnancy is closed at once and neither the parents nor the guests can open it any more. Cancelling offers the download first, and the pregnancy's owner can still download it from Settings
          for {EXPORT_AFTER_CLOSURE_DAYS} days after it closes.
        </p>
        <p>Messages you send us are kept as long as we need them to help you. You can unsubscribe from the newsletter at any time, and we then stop writing to you.</p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your choices and rights",
    body: (
      <>
        <p>You can correct your name and most of what you share in the app yourself. In Settings, without asking anyone, you can also:</p>
        <ul>
          <li>
            download your data as one zip: a parent takes the whole pregnancy (every photo as uploaded, posts, comments, calendar with RSVPs, registry, game, waiting room, health records as spreadsheets and the birth plan); a guest
            takes what they added and their account. We email you each time a download is prepared, and its link works for {EXPORT_LINK_MINUTES} minutes;
          </li>
          <li>leave a pregnancy you were invited to, keeping what you added there or removing it;</li>
          <li>delete your account, confirmed with a code we email you: your sign-in, profile, picture, posts, comments, likes, messages and guesses are deleted, and your photos too unless you choose to leave them in the family's album;</li>
          <li>as a pregnancy's owner, delete the pregnancy with everything in it, or hand it to your partner.</li>
        </ul>
        <p>
          For anything else (a correction you cannot make yourself, or a question about your data), write to <EmailLink email={SUPPORT_EMAIL} subject="Privacy request" /> from the address on your account. We answer within {CONTACT_RESPONSE_HOURS} hours and may ask you to confirm your identity before we act on a request.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Age requirements",
    body: (
      <p>
        You must be at least {MINIMUM_AGE_YEARS} years old to use BabySteps. If you are under {ADULT_AGE_YEARS}, you need a parent's or guardian's permission. If you believe a child under {MINIMUM_AGE_YEARS} has given us personal information,
        contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        All connections to BabySteps are encrypted. Passwords are stored only as secure hashes, photos are served only to signed-in participants who are allowed to see them, and every request is checked against your role and permissions.
        No system is perfect; if we ever learn of a breach that affects you, we will tell you promptly.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: <p>If we change this policy, we will update the date at the top of this page. If a change matters for how we use your information, we will also tell you by email before it takes effect.</p>,
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about your privacy? Email <EmailLink email={SUPPORT_EMAIL} subject="Privacy question" /> or use our <a href="/contact">contact form</a>.
      </p>
    ),
  },
];

function PrivacyPage() {
  return (
    <PolicyDocument
      title="Privacy Policy"
      lastUpdated={LAST_UPDATED}
      contentsLabel="Contents"
      intro={
        <p>
          BabySteps is a place for some of the most personal moments of your life. This policy explains, in plain words, what we collect, why, who can see it and the choices you have. It applies to the BabySteps website and app.
        </p>
      }
      sections={SECTIONS}
    />
  );
}

export const privacyPage: SitePage = {
  path: "/privacy",
  title: "Privacy Policy",
  description: "How BabySteps handles your data: no ads, no selling of data, private photos with location data removed, Stripe payments and clear retention rules.",
  Page: PrivacyPage,
};
