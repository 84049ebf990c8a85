/**
 * Every business number of the spec (core spec section 9, onboarding spec section 9, plus the few
 * numbers sections 2, 4, 5 and 7 state), named once so pages, worker and tests never disagree.
 * Durations carry their unit in the name.
 */
import type { SubscriptionTier } from "./enums";

export const MS_PER_SECOND = 1000;
export const SECONDS_PER_MINUTE = 60;
export const MINUTES_PER_HOUR = 60;
const HOURS_PER_DAY = 24;
export const MS_PER_MINUTE = SECONDS_PER_MINUTE * MS_PER_SECOND;
export const MS_PER_HOUR = MINUTES_PER_HOUR * MS_PER_MINUTE;
export const MS_PER_DAY = HOURS_PER_DAY * MS_PER_HOUR;
export const SECONDS_PER_HOUR = MINUTES_PER_HOUR * SECONDS_PER_MINUTE;
export const SECONDS_PER_DAY = HOURS_PER_DAY * SECONDS_PER_HOUR;
export const DAYS_PER_WEEK = 7;
/** Mean Gregorian month (365.25 / 12 days), used only to turn day spans into month counts for copy. */
export const AVERAGE_DAYS_PER_MONTH = 365.25 / 12;
export const CENTS_PER_DOLLAR = 100;
/** Sizes are binary megabytes: "10 MB" is 10 x 1024 x 1024 bytes. */
export const BYTES_PER_MB = 1024 * 1024;
export const PERCENT = 100;
/** Retry delays double each time (error boundary 1 s, 2 s, 4 s; messages 300, 600, 1200 ms). */
export const BACKOFF_FACTOR = 2;

// ---------------------------------------------------------------------------------------------
// Plans and prices

export const BASIC_PLAN_PRICE_CENTS = 999;
export const BASIC_PLAN_PRICE_DOLLARS = BASIC_PLAN_PRICE_CENTS / CENTS_PER_DOLLAR;
export const PREMIUM_PLAN_PRICE_CENTS = 1599;
export const PREMIUM_PLAN_PRICE_DOLLARS = PREMIUM_PLAN_PRICE_CENTS / CENTS_PER_DOLLAR;
/** Premium is sold as Basic plus unlimited photos at +$6/month. */
export const PHOTO_UPGRADE_PRICE_CENTS = 600;
export const PHOTO_UPGRADE_PRICE_DOLLARS = PHOTO_UPGRADE_PRICE_CENTS / CENTS_PER_DOLLAR;
/** Free trial; no payment required to start. */
export const TRIAL_DAYS = 7;
export const RETURNING_FAMILY_DISCOUNT_PERCENT = 30;
/** Referral code: 25% off the first month, not valid for Premium. */
export const REFERRAL_DISCOUNT_PERCENT = 25;

/** A photo storage limit at or above this counts as unlimited. */
export const UNLIMITED_PHOTO_SENTINEL = 999999;
export const BASIC_PLAN_PHOTO_LIMIT = 400;
/** Limit of a pregnancy with no subscription row yet (core spec 5: "Default limit 400"). */
export const DEFAULT_PHOTO_STORAGE_LIMIT = BASIC_PLAN_PHOTO_LIMIT;

export interface Plan {
  tier: SubscriptionTier;
  name: string;
  priceCents: number;
  priceDollars: number;
  /** Photo count limit; UNLIMITED_PHOTO_SENTINEL for unlimited. */
  photoLimit: number;
  /** What the plan adds, in the spec's words (onboarding spec 1). */
  features: readonly string[];
}

export const PLANS = {
  basic: {
    tier: "basic",
    name: "Basic",
    priceCents: BASIC_PLAN_PRICE_CENTS,
    priceDollars: BASIC_PLAN_PRICE_DOLLARS,
    photoLimit: BASIC_PLAN_PHOTO_LIMIT,
    features: [`Up to ${BASIC_PLAN_PHOTO_LIMIT} photos`],
  },
  premium: {
    tier: "premium",
    name: "Premium",
    priceCents: PREMIUM_PLAN_PRICE_CENTS,
    priceDollars: PREMIUM_PLAN_PRICE_DOLLARS,
    photoLimit: UNLIMITED_PHOTO_SENTINEL,
    features: ["Unlimited photos", "Priority support", "Advanced photo organization", "Print options"],
  },
} as const satisfies Record<SubscriptionTier, Plan>;

/** "$9.99", "$15.99"; whole amounts without cents ("$6"), as the marketing copy writes them. */
export function formatPrice(cents: number): string {
  const dollars = cents / CENTS_PER_DOLLAR;
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** A price after a percentage discount, rounded to the cent (e.g. 30% off $9.99 is 699 cents). */
export function discountedCents(cents: number, percentOff: number): number {
  return Math.round((cents * (PERCENT - percentOff)) / PERCENT);
}

// ---------------------------------------------------------------------------------------------
// Gift cards (no expiry, no fees, US dollars, not refundable)

/** A gift card buys whole months of a plan; its value is the plan's monthly price times the months. */
export const GIFT_CARD_MONTH_OPTIONS = [1, 3, 6, 12] as const;
/** Codes read as 4 groups of 4 ('ABCD-EFGH-JKMN-PQRS'): 16 symbols of 5 bits, 80 random bits. */
export const GIFT_CARD_CODE_GROUPS = 4;
export const GIFT_CARD_CODE_GROUP_LENGTH = 4;
/**
 * 32 symbols that cannot be mistaken for one another when read aloud or typed: no 0/O and no 1/I.
 * 32 divides 256, so a random byte picks a symbol without bias.
 */
export const GIFT_CARD_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Ours: a gift message travels in Stripe's metadata, whose values hold at most 500 characters. */
export const GIFT_CARD_MESSAGE_MAX_LENGTH = 500;
/** Ours: the address the gift-card page's Contact Support button writes to. */
export const SUPPORT_EMAIL = "support@babysteps.app";

// ---------------------------------------------------------------------------------------------
// Pregnancy and account lifetime

export const PREGNANCY_WEEKS = 40;
/** Weeks start on Monday (JavaScript day number 1). */
export const WEEK_STARTS_ON = 1;
export const LMP_TO_DUE_DAYS = 280;
/** The account stays active 12 weeks after the due date. */
export const SERVICE_END_DAYS_AFTER_DUE = 84;
/** Then read-only for 7 years. */
export const READ_ONLY_YEARS = 7;
/** Terms: the Base plan covers sign-up through four weeks after birth (the service end above always reaches past it). */
export const BASE_PLAN_WEEKS_AFTER_BIRTH = 4;
/** Marketing states the timeline as 52 weeks in one place (LMP to service end is exactly that). */
export const MARKETING_TIMELINE_WEEKS = 52;
export const FULL_TERM_MIN_WEEKS = 37;
export const FULL_TERM_MAX_WEEKS = 42;
/** Trimester bounds: weeks 1-12, 13-27, 28 and later. */
export const FIRST_TRIMESTER_LAST_WEEK = 12;
export const SECOND_TRIMESTER_LAST_WEEK = 27;
/** Photo week when none is given. */
export const DEFAULT_WEEK = 24;

/** Days from the LMP to the end of service: 280 + 84 = 364 days (52 weeks). */
export const SUBSCRIPTION_SPAN_DAYS = LMP_TO_DUE_DAYS + SERVICE_END_DAYS_AFTER_DUE;

/**
 * How many monthly payments the subscription runs, for price copy.
 *
 * The spec's copy disagrees (footer "10 months", pricing page "13-month subscription"); both are
 * 4-week "months": 280 / 28 = 10 is the pregnancy alone, 364 / 28 = 13 is LMP to service end. The
 * rule that decides is the service end (due date + 84 days), so the term is computed from it in
 * calendar months, each started month being billed: from pregnancy week `startWeek` (0 = the LMP)
 * to service end, rounded up. From the LMP that is 12; signing up in week 9 gives 10.
 */
export function subscriptionTermMonths(startWeek = 0): number {
  const days = Math.max(0, SUBSCRIPTION_SPAN_DAYS - startWeek * DAYS_PER_WEEK);
  return Math.ceil(days / AVERAGE_DAYS_PER_MONTH);
}

// ---------------------------------------------------------------------------------------------
// Photos

export const PHOTO_MAX_FILES = 20;
export const PHOTO_MAX_FILE_MB = 10;
export const PHOTO_MAX_FILE_BYTES = PHOTO_MAX_FILE_MB * BYTES_PER_MB;
/** Files above this size get a "may take longer" warning. */
export const PHOTO_WARN_FILE_MB = 5;
export const PHOTO_WARN_FILE_BYTES = PHOTO_WARN_FILE_MB * BYTES_PER_MB;
/** The storage check counts each 2 MB of an upload as one photo (rounded up). */
export const PHOTO_ESTIMATE_MB = 2;
export const PHOTO_ESTIMATE_BYTES = PHOTO_ESTIMATE_MB * BYTES_PER_MB;
/** Photo list page size (core spec 7). */
export const PHOTO_PAGE_SIZE = 50;
/** Ours: the album grid's thumbnails, made in the browser: longest side and JPEG quality. */
export const PHOTO_THUMBNAIL_MAX_PX = 480;
export const PHOTO_THUMBNAIL_QUALITY = 0.8;
/** Ours: a browser-made thumbnail is small; anything bigger is ignored. */
export const PHOTO_THUMBNAIL_MAX_BYTES = BYTES_PER_MB / 2;
/** Ours: room for the metadata field and the multipart framing of a batch. */
export const PHOTO_UPLOAD_OVERHEAD_BYTES = BYTES_PER_MB;
/**
 * Cloudflare refuses request bodies above 100 MB (Free and Pro plans); counted in decimal
 * megabytes so the bound holds whichever way "MB" is read.
 */
export const CLOUDFLARE_MAX_BODY_BYTES = 100 * 1000 * 1000;
/**
 * Ours: the largest batch body worth reading: 20 files and their thumbnails at their limits, but
 * never more than Cloudflare lets through. The browser sends one file per request, far below it.
 */
export const PHOTO_UPLOAD_MAX_BODY_BYTES = Math.min(PHOTO_MAX_FILES * (PHOTO_MAX_FILE_BYTES + PHOTO_THUMBNAIL_MAX_BYTES) + PHOTO_UPLOAD_OVERHEAD_BYTES, CLOUDFLARE_MAX_BODY_BYTES);
/**
 * Ours: photos one guest may add to a pregnancy, album and waiting room together. Guests are not
 * held to the plan's storage limit (core spec 6: that check is for parent mode), so without this
 * one guest could fill the parents' storage.
 */
export const GUEST_PHOTO_QUOTA = 50;
/** Ours: tags per photo and characters per tag. */
export const PHOTO_MAX_TAGS = 20;
export const PHOTO_TAG_MAX_LENGTH = 50;
/** Ours: people tagged on one photo. */
export const PHOTO_MAX_GUEST_TAGS = 50;
/** Photos are dated by pregnancy week, from the LMP (week 0) to the end of service (week 52). */
export const PHOTO_LAST_WEEK = SUBSCRIPTION_SPAN_DAYS / DAYS_PER_WEEK;

// ---------------------------------------------------------------------------------------------
// Calendar

export const CALENDAR_CACHE_TTL_MS = 5 * MS_PER_MINUTE;
/** Oldest entries are removed beyond this. */
export const CALENDAR_CACHE_MAX_ENTRIES = 50;
export const CALENDAR_FETCH_DEBOUNCE_MS = 300;
/** Created, updated and deleted events are shown optimistically this long. */
export const CALENDAR_OPTIMISTIC_MS = 5 * MS_PER_SECOND;
/** Ours: the agenda lists this many months from the day it starts. */
export const CALENDAR_AGENDA_MONTHS = 3;
/**
 * Ours: the pregnancy week (from the LMP, week 0) in which prenatal care usually schedules each
 * suggested milestone. The trimester starts, full term and the due date use the constants above.
 */
export const SUGGESTED_MILESTONE_WEEKS = {
  firstPrenatalAppointment: 8,
  prenatalBloodTests: 10,
  datingScan: 12,
  anatomyScan: 20,
  glucoseTest: 26,
  tdapVaccine: 28,
  babyShower: 32,
  hospitalTour: 32,
  hospitalBag: 35,
  groupBStrepTest: 36,
} as const;

// ---------------------------------------------------------------------------------------------
// Modes and sessions

/** A stored guest pregnancy choice is honoured while younger than this. */
export const GUEST_CHOICE_MEMORY_DAYS = 14;
export const GUEST_CHOICE_MEMORY_MS = GUEST_CHOICE_MEMORY_DAYS * MS_PER_DAY;
/** Full access while the email is being confirmed. */
export const EARLY_ACCESS_HOURS = 24;
export const EARLY_ACCESS_MS = EARLY_ACCESS_HOURS * MS_PER_HOUR;
/** Session lifetime (not in the spec; better-auth's usual week). */
export const SESSION_EXPIRES_SECONDS = 7 * SECONDS_PER_DAY;

// ---------------------------------------------------------------------------------------------
// Errors and reporting

export const ERROR_BOUNDARY_MAX_RETRIES = 3;
/** Retry n (0-based) waits 2^n seconds: 1 s, 2 s, 4 s. */
export const ERROR_BOUNDARY_BASE_DELAY_MS = MS_PER_SECOND;
/** Last reports kept in local storage under error-reports. */
export const ERROR_REPORTS_KEPT = 10;
export const ERRORS_PER_SESSION = 50;
/** Ours: the longest error message and user agent a browser's error report may carry to the server. */
export const CLIENT_ERROR_MESSAGE_MAX_LENGTH = 500;
export const USER_AGENT_MAX_LENGTH = 300;
export const ERROR_REPORTS_STORAGE_KEY = "error-reports";
/** Local storage: onboarding data staged for /confirm-pregnancy (onboarding spec 3). */
export const STAGED_ONBOARDING_STORAGE_KEY = "staged-onboarding";
/** Local storage: the pregnancy the session was last refreshed for, so it happens once per pregnancy. */
export const SESSION_REFRESHED_PREGNANCY_STORAGE_KEY = "session-refreshed-pregnancy";

export const PERFORMANCE_THRESHOLD_MS = 100;
export const PERFORMANCE_FLUSH_INTERVAL_MS = 30 * MS_PER_SECOND;

// ---------------------------------------------------------------------------------------------
// Toasts, tooltips, layout

/** The app's own toast store shows one toast at a time. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1000000;
/** The second toast library: 3 visible, 4 s each, 14 px gap, 356 px wide. */
export const SONNER_VISIBLE_TOASTS = 3;
export const SONNER_DURATION_MS = 4000;
export const SONNER_GAP_PX = 14;
export const SONNER_WIDTH_PX = 356;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const SIDEBAR_COOKIE_MAX_AGE_DAYS = 7;
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = SIDEBAR_COOKIE_MAX_AGE_DAYS * SECONDS_PER_DAY;
/** Below this width the app shows the mobile top and bottom bars. */
export const MOBILE_BREAKPOINT_PX = 768;
export const MOBILE_BOTTOM_BAR_MAX_ITEMS = 4;
/** The marketing home's sticky price bar appears after this much scrolling. */
export const STICKY_BAR_SCROLL_PX = 300;

// ---------------------------------------------------------------------------------------------
// Data queries and realtime

export const QUERY_STALE_TIME_MS = 60 * MS_PER_SECOND;
export const QUERY_RETRY_COUNT = 3;
export const MUTATION_RETRY_COUNT = 2;
/** Realtime changes are batched this long before reloading (core spec 7). */
export const REALTIME_BATCH_MS = 60;
/** Dev mailbox page (not in the spec). */
export const DEV_OUTBOX_PAGE_SIZE = 50;

// ---------------------------------------------------------------------------------------------
// Waiting room

export const WAITING_ROOM_INITIAL_LOAD = 50;
export const WAITING_ROOM_REPLY_PAGE_SIZE = 20;
/** Minimum gap between a user's group messages. */
export const GROUP_MESSAGE_MIN_GAP_MS = 500;
/** Minimum gap between a user's direct messages. */
export const DIRECT_MESSAGE_MIN_GAP_MS = 400;
/** Message inserts are retried up to 3 times, first after 300 ms, doubling. */
export const MESSAGE_SEND_RETRIES = 3;
export const MESSAGE_RETRY_INITIAL_DELAY_MS = 300;
export const TYPING_EXPIRY_REMOTE_MS = 2000;
export const TYPING_EXPIRY_OWN_MS = 1500;
export const FALSE_ALARM_CLOSE_HOURS = 2;
export const FALSE_ALARM_CLOSE_MS = FALSE_ALARM_CLOSE_HOURS * MS_PER_HOUR;
export const BABY_HERE_CLOSE_HOURS = 4;
export const BABY_HERE_CLOSE_MS = BABY_HERE_CLOSE_HOURS * MS_PER_HOUR;
export const DM_PREVIEW_MAX_CHARS = 140;
/**
 * Ours: an image uploaded to the waiting room but never sent with a message (attached, then
 * removed) is deleted after a day, and stops counting in storage and in its uploader's quota.
 */
export const UNSENT_ROOM_IMAGE_MS = MS_PER_DAY;
/** Ours: a dropped room socket reconnects after 0.5 s, doubling up to 10 s, then every 10 s. */
export const ROOM_RECONNECT_INITIAL_MS = 500;
export const ROOM_RECONNECT_MAX_MS = 10_000;
/** Ours: the short beep for a direct message that arrives while the tab is hidden. */
export const DM_BEEP_FREQUENCY_HZ = 880;
export const DM_BEEP_DURATION_MS = 150;
export const DM_BEEP_VOLUME = 0.1;
/** Ours: how often the auto-close countdown is redrawn. */
export const AUTO_CLOSE_COUNTDOWN_TICK_MS = 1000;
/** Ours: a chat message is held to the comment limit (core spec 5 gives none for it). */
export const WAITING_ROOM_MESSAGE_MAX_LENGTH = 1000;
/** Ours: one emoji, with skin-tone modifiers and zero-width joiners (a family emoji is 11 units). */
export const REACTION_EMOJI_MAX_LENGTH = 16;

// ---------------------------------------------------------------------------------------------
// Registry

export const MAX_PRESET_REGISTRIES = 10;
export const MAX_CUSTOM_REGISTRIES = 3;
export const REGISTRY_URL_MAX_LENGTH = 2048;
export const REGISTRY_DESCRIPTION_MAX_LENGTH = 500;

// ---------------------------------------------------------------------------------------------
// Health records: cravings, symptoms, birth plan, hospital bag, medical contacts (issue 9; the
// spec gives these tools their routes only, so every number here is ours)

/** Symptom severity runs from 1 (very mild) to 5 (severe). */
export const SYMPTOM_SEVERITY_MIN = 1;
export const SYMPTOM_SEVERITY_MAX = 5;
/** What the quick-log form starts at: the middle of the scale. */
export const SYMPTOM_SEVERITY_DEFAULT = 3;
/** A craving or a symptom is named in a few words ('Pickles', 'Heartburn'). */
export const HEALTH_LOG_NAME_MAX_LENGTH = 100;
/** Quick logs one sync may carry (a phone catching up after a while offline). */
export const HEALTH_LOG_SYNC_BATCH_MAX = 100;
/** A log may be timed this far past the server's clock (a phone's clock running fast). */
export const HEALTH_LOG_CLOCK_SKEW_MS = 5 * MS_PER_MINUTE;
/** How long 'Undo' stays on offer after a log is deleted. */
export const HEALTH_LOG_UNDO_MS = 10 * MS_PER_SECOND;
/** Each free-text answer of the birth plan. */
export const BIRTH_PLAN_TEXT_MAX_LENGTH = 1000;
/** The birth plan saves itself this long after the last change. */
export const BIRTH_PLAN_AUTOSAVE_MS = 800;
export const HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH = 100;
/** Items of the three hospital bag lists together, the suggested ones included. */
export const HOSPITAL_BAG_MAX_ITEMS = 200;
export const MEDICAL_CONTACTS_MAX = 50;

// ---------------------------------------------------------------------------------------------
// Text limits (core spec 5)

export const TITLE_MAX_LENGTH = 200;
export const LOCATION_MAX_LENGTH = 300;
export const NOTES_MAX_LENGTH = 2000;
export const QUESTIONS_MAX_LENGTH = 1000;
export const COMMENT_MAX_LENGTH = 1000;
/** Ours: first and last names (the spec sets no limit). */
export const NAME_MAX_LENGTH = 100;
/** Ours: a batch of performance metrics in one call. */
export const METRICS_BATCH_MAX = 100;
/** Ours: avatars are small pictures. */
export const AVATAR_MAX_BYTES = 5 * BYTES_PER_MB;
/** Ours: how long a browser may keep a photo or an avatar in its private cache. */
export const PHOTO_CACHE_SECONDS = 3600;
export const AVATAR_CACHE_SECONDS = SECONDS_PER_DAY;
/** Ours: how many items each dashboard list shows. */
export const DASHBOARD_UPCOMING_EVENTS = 5;
export const DASHBOARD_LATEST_POSTS = 3;
export const DASHBOARD_LATEST_PHOTOS = 6;
/** Ours: a pending invitation link stays valid this long after it is (re)sent. */
export const INVITATION_VALID_DAYS = 14;
export const POST_CONTENT_MAX_LENGTH = 5000;
/** Ours: posts per feed page ('Load more' asks for the next). */
export const POST_PAGE_SIZE = 10;
/** Ours: a post in the feed brings its first 3 comments and, under each, its first 3 replies; the rest load on request. */
export const POST_PREVIEW_COMMENTS = 3;
export const POST_PREVIEW_REPLIES = 3;
/** Ours: top-level comments per page of a post's comments (each with all its replies). */
export const POST_COMMENT_PAGE_SIZE = 20;
/** Ours: photos one post may show. */
export const POST_MAX_PHOTOS = 10;
/** Ours: a mood is a word or two ('excited'). */
export const POST_MOOD_MAX_LENGTH = 50;

// ---------------------------------------------------------------------------------------------
// Health trackers: vitamins, kick counter, contraction timer (issue 9; the spec gives no numbers)

/** Kick counting times how long 10 movements take; fewer than 10 in 2 hours is worth a call (common prenatal guidance). */
export const KICK_TARGET_MOVEMENTS = 10;
export const KICK_TARGET_WINDOW_MS = 2 * MS_PER_HOUR;
/** Ours: the most movements and the longest session one record may hold. */
export const KICK_SESSION_MAX_MOVEMENTS = 500;
export const KICK_SESSION_MAX_MS = 12 * MS_PER_HOUR;
/** Ours: days the kick history chart shows, and the latest sessions listed one by one. */
export const KICK_CHART_DAYS = 14;
export const KICK_RECENT_SESSIONS_SHOWN = 10;
/** The 5-1-1 rule: contractions about 5 minutes apart or less, lasting 1 minute or more, for at least 1 hour. */
export const FIVE_ONE_ONE_MAX_INTERVAL_MS = 5 * MS_PER_MINUTE;
export const FIVE_ONE_ONE_MIN_DURATION_MS = MS_PER_MINUTE;
export const FIVE_ONE_ONE_MIN_SPAN_MS = MS_PER_HOUR;
/** Ours: "about": a tap a few seconds early or late does not break the pattern. */
export const FIVE_ONE_ONE_TOLERANCE_MS = 10 * MS_PER_SECOND;
/** Averages cover the last hour, and the 5-1-1 flag stays up while the latest contraction started within it. */
export const CONTRACTION_RECENT_WINDOW_MS = MS_PER_HOUR;
/** Ours: a contraction more than an hour after the previous one starts a new session (and has no interval). */
export const CONTRACTION_SESSION_GAP_MS = MS_PER_HOUR;
/** Ours: the longest contraction one record may hold (a forgotten Stop). */
export const CONTRACTION_MAX_MS = MS_PER_HOUR;
/** Ours: records sent in one sync call. */
export const HEALTH_SYNC_BATCH_MAX = 100;
/** Ours: how far ahead of the server's clock a phone's may run before its times are refused. */
export const CLIENT_CLOCK_SKEW_MAX_MS = MS_PER_DAY;
/** Ours: records kept on the device are offered to the server again this often while online. */
export const HEALTH_SYNC_RETRY_MS = 30 * MS_PER_SECOND;
/** Ours: the running timers redraw once a second. */
export const HEALTH_TIMER_TICK_MS = MS_PER_SECOND;
/** Ours: a supplement's name, dose and time of day. */
export const SUPPLEMENT_TEXT_MAX_LENGTH = 100;
/** Ours: the supplements one person keeps on the checklist. */
export const SUPPLEMENTS_MAX = 30;

// ---------------------------------------------------------------------------------------------
// Predictions

export const OUNCES_PER_POUND = 16;
/** Ours: the bounds of a believable guess (or result) for a newborn. */
export const BABY_GAME_MAX_WEIGHT_POUNDS = 20;
export const BABY_GAME_MIN_LENGTH_INCHES = 5;
export const BABY_GAME_MAX_LENGTH_INCHES = 30;
/** Ours: a name guess or a player's name entered by a parent. */
export const BABY_GAME_NAME_MAX_LENGTH = 50;

/**
 * Ours: the baby game's points table (the spec names the categories, not the points). Closeness
 * categories give `max` points for an exact guess and one point less for each whole `step` off,
 * never below zero: date in days, time in minutes (the short way round midnight), weight in
 * ounces, length in inches. Hair colour, eye colour and name score only on an exact match.
 */
export const BABY_GAME_CLOSENESS_POINTS = {
  date: { max: 20, step: 1 },
  time: { max: 20, step: 30 },
  weight: { max: 20, step: 1 },
  length: { max: 20, step: 0.25 },
} as const;
export const BABY_GAME_EXACT_POINTS = {
  hairColor: 10,
  eyeColor: 10,
  name: 15,
} as const;

// ---------------------------------------------------------------------------------------------
// Setup limits and wizards

export const MAX_SETUP_GUESTS = 3;
export const MAX_SETUP_BABIES = 4;
export const PARENT_WIZARD_STEPS = 8;
export const GUEST_WIZARD_STEPS = 2;
export const CREATE_ACCOUNT_STEPS = 5;
export const SETUP_PREGNANCY_STEPS = 4;
export const PARTNER_INVITATION_STEPS = 4;

// ---------------------------------------------------------------------------------------------
// Accounts, codes and passwords

export const PASSWORD_MIN_LENGTH_SIGNUP = 6;
export const PASSWORD_MIN_LENGTH_RESET = 8;
/** Ours: a new password mixes at least 3 of lower case, upper case, digits and symbols (the spec recommends all four). */
export const PASSWORD_MIN_CHARACTER_KINDS = 3;
/** Ours: how long a password-reset link works (better-auth's default, said in the mail). */
export const PASSWORD_RESET_LINK_EXPIRES_SECONDS = 60 * SECONDS_PER_MINUTE;
/** Every emailed code (sign-in and partner verification) has 6 digits. */
export const OTP_LENGTH = 6;
/** Partner code: 3 attempts; the same cap applies to sign-in codes. */
export const OTP_ALLOWED_ATTEMPTS = 3;
/** Code lifetime (not in the spec; the code email says 10 minutes). */
export const OTP_EXPIRES_SECONDS = 10 * SECONDS_PER_MINUTE;
export const PARTNER_CODE_RESEND_COOLDOWN_SECONDS = 30;
/**
 * Ours: at most this many partner codes per invitation per hour. Each new code brings back the 3
 * attempts, so this also bounds the guesses an hour at 3 codes x 3 attempts.
 */
export const PARTNER_CODES_PER_HOUR = 3;
export const REFERRAL_CODE_LENGTH = 8;
/** Referral codes are checked this long after typing stops. */
export const REFERRAL_VALIDATION_DEBOUNCE_MS = 500;
/** Minimum age 13; under 18 needs a parent's permission (terms). */
export const MINIMUM_AGE_YEARS = 13;
export const ADULT_AGE_YEARS = 18;

/**
 * Ours: sign-in attempts to one account, from any address. The first few are free; then each waits
 * twice as long as the one before (30 s, 1 min, 2 min ... at most 15 min). A successful sign-in
 * clears them, and they are forgotten a day after the latest.
 */
export const SIGN_IN_THROTTLE = {
  freeAttempts: 5,
  firstWaitSeconds: 30,
  maxWaitSeconds: 15 * SECONDS_PER_MINUTE,
  forgetAfterSeconds: SECONDS_PER_DAY,
} as const;

/**
 * Auth rate limits in better-auth's shape (window in seconds). The spec only says a code request
 * may answer "please wait a minute", so code requests use a one-minute window; the rest are ours.
 */
export const AUTH_RATE_LIMITS = {
  default: { window: SECONDS_PER_MINUTE, max: 100 },
  signIn: { window: SECONDS_PER_MINUTE, max: 5 },
  codeRequest: { window: SECONDS_PER_MINUTE, max: 3 },
} as const;

// ---------------------------------------------------------------------------------------------
// Countdowns, delays and polling

/** Email confirmed: continue automatically after a 5-second countdown. */
export const EMAIL_AUTO_CONTINUE_SECONDS = 5;
/** Ours: how often create-account step 2 asks whether the email was confirmed elsewhere. */
export const EMAIL_CONFIRMATION_POLL_MS = 3000;
export const EMAIL_CONFIRMED_REDIRECT_MS = 1200;
export const GUEST_EXISTING_ACCOUNT_REDIRECT_MS = 2000;
export const SETUP_COMPLETE_REDIRECT_MS = 2000;
/** Confirm-pregnancy goes to /setup-pregnancy this long after creating. */
export const AFTER_CREATE_REDIRECT_MS = 200;
/** The session is refreshed this long after a pregnancy is created. */
export const AUTH_REFRESH_DELAY_MS = 100;
/** The contact form makes no call; it waits about this long before showing success. */
export const CONTACT_FORM_DELAY_MS = MS_PER_SECOND;
export const CONTACT_RESPONSE_HOURS = 24;
export const PAYMENT_POLL_INTERVAL_MS = 3 * MS_PER_SECOND;
export const PAYMENT_POLL_TIMEOUT_MS = 300 * MS_PER_SECOND;

// ---------------------------------------------------------------------------------------------
// Due date calculator

export const CALCULATOR_PREVIEW_EVENTS = 8;
export const CALCULATOR_WINDOW_WEEKS = 5;
/** About 55 built-in milestones. */
export const CALCULATOR_MILESTONE_COUNT = 55;
/** Ours: the milestones start at the first week a home test can tell (week 4 from the LMP). */
export const CALCULATOR_FIRST_WEEK = 4;

// ---------------------------------------------------------------------------------------------
// Public forms and conversion events (contact, newsletter, analytics)

/** Ours: an email address is at most 254 characters (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;
/** Ours: a phone number as typed, with spaces, dashes, brackets and an extension. */
export const PHONE_MAX_LENGTH = 40;
/** The newsletter's due date is typed in three boxes: month, day and year. */
export const NEWSLETTER_DUE_DATE_PART_LENGTHS = { month: 2, day: 2, year: 4 } as const;
/** Ours: a contact message (the spec sets no limit). */
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
/** Ours: a call-to-action label or a page path carried by a conversion event. */
export const ANALYTICS_LABEL_MAX_LENGTH = 100;
export const ANALYTICS_PATH_MAX_LENGTH = 300;

/**
 * Ours, per client IP (window in seconds, as AUTH_RATE_LIMITS): a page sends a few events per
 * visit; a person sends a contact message or subscribes a handful of times at most; confirm and
 * unsubscribe links are opened now and then.
 */
export const PUBLIC_RATE_LIMITS = {
  analytics: { window: SECONDS_PER_MINUTE, max: 120 },
  clientErrors: { window: 10 * SECONDS_PER_MINUTE, max: 30 },
  contact: { window: 10 * SECONDS_PER_MINUTE, max: 5 },
  newsletter: { window: 10 * SECONDS_PER_MINUTE, max: 5 },
  newsletterLink: { window: 10 * SECONDS_PER_MINUTE, max: 30 },
} as const;

/**
 * Ours, for the procedures anyone may call or that take a secret (window in seconds, as
 * AUTH_RATE_LIMITS). Each rule counts separately per client address and per thing the call names
 * (an invitation, a token), so neither one address nor many addresses aimed at one invitation
 * get far. A partner needs one lookup, a code or two and a try or two.
 */
export const PROCEDURE_RATE_LIMITS = {
  partnerLookup: { window: 10 * SECONDS_PER_MINUTE, max: 10 },
  partnerSendCode: { window: 10 * SECONDS_PER_MINUTE, max: 10 },
  partnerVerifyCode: { window: 10 * SECONDS_PER_MINUTE, max: 10 },
  /** The wizard checks a code 500 ms after typing stops. */
  referralCheck: { window: 10 * SECONDS_PER_MINUTE, max: 30 },
  /** Taking a guest invitation by its link's token or the typed code. */
  invitationToken: { window: 10 * SECONDS_PER_MINUTE, max: 10 },
  /** An RSVP link's invitation and its one-click answers; a household may share an address. */
  rsvpToken: { window: 10 * SECONDS_PER_MINUTE, max: 30 },
  giftCardCheckout: { window: 10 * SECONDS_PER_MINUTE, max: 10 },
  /** The success page asks every 3 s, for at most 5 minutes, until the card is issued. */
  giftCardPurchase: { window: 10 * SECONDS_PER_MINUTE, max: 120 },
  giftCardRedeem: { window: 10 * SECONDS_PER_MINUTE, max: 5 },
} as const;

// ---------------------------------------------------------------------------------------------
// Calendar files (RFC 5545)

/** Ours: a timed event lasts an hour in calendar files (events store a start time only). */
export const ICAL_EVENT_DURATION = "PT1H";
/** RFC 5545 3.1: content lines are folded at 75 octets. */
export const ICAL_LINE_OCTETS = 75;
/** Ours: a downloaded event file is named after at most this much of its title. */
export const ICAL_FILE_NAME_MAX = 60;
