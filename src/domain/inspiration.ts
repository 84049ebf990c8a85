/**
 * The inspiration gallery (core spec 1 and 3): 102 static photo ideas in five categories. The first
 * three also carry suggested prompts, style preferences and upload metadata that prefill the upload
 * form. Each idea's illustration ships in public/inspiration/ (scripts/generate-inspiration-art.ts).
 * Fruit comparisons follow the weekly size comparison, one idea per week from 4 to 40.
 */
import { DEFAULT_PHOTO_PRIVACY_LEVEL } from "./audience";
import { trimester } from "./dates";
import { INSPIRATION_CATEGORIES, type InspirationCategory, type ItemPrivacyLevel } from "./enums";
import { WEEK_SIZES, type WeekSize } from "./sizeComparison";

export const INSPIRATION_TEMPLATE_COUNT = 102;
/** Where the illustrations are served from (public/inspiration/ in the repository). */
export const INSPIRATION_IMAGE_PATH = "/inspiration";
/** The illustrations are square, drawn on a canvas of this many pixels. */
export const INSPIRATION_IMAGE_SIZE = 240;
/** Ids are short slugs; anything longer is not one of ours. */
export const INSPIRATION_ID_MAX_LENGTH = 64;

export interface InspirationStyle {
  privacyLevel: ItemPrivacyLevel;
  mood: string;
}

export interface InspirationUploadMetadata {
  defaultTags: readonly string[];
  suggestedTitle: string;
  suggestedDescription: string;
}

export interface InspirationTemplate {
  id: string;
  /** The illustration, served from public/. */
  url: string;
  title: string;
  description: string;
  category: InspirationCategory;
  tags: readonly string[];
  /** Only the first three ideas have these. */
  suggestedPrompts?: readonly string[];
  stylePreferences?: InspirationStyle;
  uploadMetadata?: InspirationUploadMetadata;
}

/** An idea with everything the upload form can start from (the first three). */
export type FeaturedInspirationTemplate = InspirationTemplate & Required<Pick<InspirationTemplate, "suggestedPrompts" | "stylePreferences" | "uploadMetadata">>;

type IdeaText = Omit<InspirationTemplate, "url" | "category">;

const imageUrl = (id: string) => `${INSPIRATION_IMAGE_PATH}/${id}.svg`;

const inCategory = (category: InspirationCategory, ideas: readonly IdeaText[]): InspirationTemplate[] =>
  ideas.map((idea) => ({ ...idea, url: imageUrl(idea.id), category }));

const FEATURED: readonly InspirationTemplate[] = [
  ...inCategory("general", [
    {
      id: "monthly-mirror-bump",
      title: "Monthly mirror bump photo",
      description:
        "Once a month, stand side-on in front of the same mirror and take the picture from your phone's reflection. Lined up at the end, the months turn into a little flip-book of your bump growing.",
      tags: ["bump", "monthly", "mirror", "series"],
      suggestedPrompts: [
        "Stand side-on at the same spot on the floor each month",
        "Wear the same top so the bump does the talking",
        "Hold up fingers or a small card for the month number",
      ],
      stylePreferences: { privacyLevel: "immediate-family", mood: "Proud" },
      uploadMetadata: {
        defaultTags: ["bump", "monthly", "mirror"],
        suggestedTitle: "Monthly bump check-in",
        suggestedDescription: "Same mirror, same spot, and a little more of you every month.",
      },
    },
  ]),
  ...inCategory("ultrasound", [
    {
      id: "scan-beside-bump",
      title: "Scan picture beside the bump",
      description:
        "Hold the newest ultrasound print flat against your bump, right where baby is growing. Soft daylight from a window keeps the glossy print from glaring.",
      tags: ["ultrasound", "scan", "bump"],
      suggestedPrompts: [
        "Hold the print flat so its edges stay straight in the frame",
        "Turn away from the window a little to avoid glare on the scan",
        "Note the week in the caption so the scans line up later",
      ],
      stylePreferences: { privacyLevel: "immediate-family", mood: "Tender" },
      uploadMetadata: {
        defaultTags: ["ultrasound", "scan", "bump"],
        suggestedTitle: "Our latest scan",
        suggestedDescription: "The newest picture of baby, right where they are growing.",
      },
    },
  ]),
  ...inCategory("events", [
    {
      id: "gender-reveal-moment",
      title: "Gender reveal moment",
      description:
        "Pink or blue confetti, a cake cut open or balloons from a box: whatever your reveal, the faces in the second it happens are the picture. Ask one guest to take photos while another films.",
      tags: ["gender-reveal", "celebration", "family"],
      suggestedPrompts: [
        "Use burst mode to catch the exact second of the reveal",
        "Stand against a plain background so the colour pops",
        "Take one more of everyone together right afterwards",
      ],
      stylePreferences: { privacyLevel: "extended-family", mood: "Celebratory" },
      uploadMetadata: {
        defaultTags: ["gender-reveal", "celebration", "family"],
        suggestedTitle: "Our gender reveal",
        suggestedDescription: "The moment we found out, and everyone's faces when we did.",
      },
    },
  ]),
];

/** 'a head of lettuce' → 'head of lettuce'. */
const withoutArticle = (size: string) => size.replace(/^(a|an) /, "");
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function fruitIdea({ week, size, development }: WeekSize): InspirationTemplate {
  const noun = withoutArticle(size);
  const id = `week-${week}-${slug(noun)}`;
  return {
    id,
    url: imageUrl(id),
    title: `Week ${week}: ${noun}`,
    description: `Baby is about the size of ${size} this week. Pose with ${size} beside your bump, in the same spot and outfit as last week, so the series lines up. ${development}`,
    category: "fruit-comparison",
    tags: ["fruit", "bump", `week-${week}`, `trimester-${trimester(week)}`],
  };
}

const FRUIT_COMPARISONS: readonly InspirationTemplate[] = WEEK_SIZES.map(fruitIdea);

const HOLIDAYS = inCategory("holiday", [
  {
    id: "christmas-tree-bump",
    title: "Bump by the Christmas tree",
    description: "Turn off the room lights and stand side-on by the tree so its lights do the glowing. A bauble held against the bump finishes the picture.",
    tags: ["christmas", "winter", "lights"],
  },
  {
    id: "tiny-stocking",
    title: "A tiny stocking on the mantel",
    description: "Hang a little stocking with baby's initial between yours. Next year it will be full of firsts.",
    tags: ["christmas", "stocking", "family"],
  },
  {
    id: "new-year-countdown",
    title: "New Year's bump countdown",
    description: "At midnight, hold a sparkler or a card with the year baby arrives next to the bump. A new year and a new person to meet.",
    tags: ["new-year", "celebration", "night"],
  },
  {
    id: "valentines-heart-hands",
    title: "Valentine's heart hands",
    description: "Both of you make one heart with your hands over the bump. Shot from above, the heart frames the belly button.",
    tags: ["valentines", "couple", "hands"],
  },
  {
    id: "easter-egg-basket",
    title: "Easter egg basket on the bump",
    description: "Rest a basket of painted eggs on your lap below the bump, with one egg painted just for baby on top.",
    tags: ["easter", "spring", "eggs"],
  },
  {
    id: "mothers-day-mum-to-be",
    title: "Mother's Day, mum-to-be",
    description: "Your first Mother's Day with baby on board: flowers in your arms and a card from the bump, written by your partner.",
    tags: ["mothers-day", "flowers", "spring"],
  },
  {
    id: "fathers-day-dad-to-be",
    title: "Father's Day, dad-to-be",
    description: "Dad holds a pair of tiny shoes next to his own. A simple picture that says a lot about the year ahead.",
    tags: ["fathers-day", "dad", "shoes"],
  },
  {
    id: "summer-beach-bump",
    title: "Summer bump at the beach",
    description: "Write baby's due month in the sand, stand behind it and let the late-afternoon sun light up the bump.",
    tags: ["summer", "beach", "sun"],
  },
  {
    id: "summer-sparklers",
    title: "Sparklers at the summer fireworks",
    description: "Trace a heart in the air with a sparkler while a friend takes a long exposure. The bump glows in the light trail.",
    tags: ["summer", "fireworks", "night"],
  },
  {
    id: "halloween-pumpkin-bump",
    title: "Pumpkin bump for Halloween",
    description: "An orange top with a jack-o'-lantern face turns the bump into the friendliest pumpkin on the street.",
    tags: ["halloween", "autumn", "costume"],
  },
  {
    id: "autumn-leaves",
    title: "Autumn leaves around the bump",
    description: "Sit in a pile of fallen leaves and toss a handful into the air. Golden light and bright colours do the rest.",
    tags: ["autumn", "outdoors", "leaves"],
  },
  {
    id: "thanksgiving-place-card",
    title: "A place card for next year",
    description: "Set the holiday table with one extra, very small place card with baby's name or due date. Thankful for our little one.",
    tags: ["thanksgiving", "family", "table"],
  },
  {
    id: "hanukkah-candles",
    title: "Festival of lights glow",
    description: "Stand by the menorah on the last night with all the candles lit; their warm light falls softly on the bump.",
    tags: ["hanukkah", "candles", "winter"],
  },
  {
    id: "diwali-lamps",
    title: "Diwali lamps and rangoli",
    description: "Sit beside a rangoli with a ring of diyas and hold one lamp in both hands in front of the bump.",
    tags: ["diwali", "lamps", "celebration"],
  },
  {
    id: "lunar-new-year-lantern",
    title: "Lunar New Year red lantern",
    description: "A red lantern and a red envelope for the baby of the new year, held up beside the bump for luck.",
    tags: ["lunar-new-year", "lantern", "celebration"],
  },
  {
    id: "first-snow-bump",
    title: "First snow of the winter",
    description: "Wrap up, step outside as the first flakes fall and catch a few on the bump. Cold hands, warm picture.",
    tags: ["winter", "snow", "outdoors"],
  },
]);

const ULTRASOUND = inCategory("ultrasound", [
  {
    id: "first-scan-frame",
    title: "First scan in a frame",
    description: "Put the very first ultrasound in a small frame with the date underneath and photograph it on the bedside table.",
    tags: ["ultrasound", "first-scan", "keepsake"],
  },
  {
    id: "scan-baby-book",
    title: "Scan on the first page of the baby book",
    description: "Tuck the scan into the first page of the baby book beside the due date in your handwriting.",
    tags: ["ultrasound", "baby-book", "keepsake"],
  },
  {
    id: "scan-tiny-shoes",
    title: "Scan with a pair of tiny shoes",
    description: "Stand the scan print up behind the smallest pair of shoes you own. The size difference makes the picture.",
    tags: ["ultrasound", "shoes", "flat-lay"],
  },
  {
    id: "scan-grandparents-card",
    title: "Scan in a card for the grandparents",
    description: "Slip the scan into a card and photograph the grandparents opening it. Their faces are the picture.",
    tags: ["ultrasound", "grandparents", "announcement"],
  },
  {
    id: "scan-big-sibling",
    title: "Big sibling holds the scan",
    description: "Let the big brother or sister hold the scan and point to the baby. Crouch to their eye level for the shot.",
    tags: ["ultrasound", "sibling", "family"],
  },
  {
    id: "scan-with-pet",
    title: "The dog meets the scan",
    description: "Prop the scan beside your pet's bed or tuck it in their collar: the newest member of the pack, announced.",
    tags: ["ultrasound", "pet", "announcement"],
  },
  {
    id: "scan-fridge-gallery",
    title: "Scan gallery on the fridge",
    description: "Every scan so far in a row under fridge magnets, oldest on the left. Add one each appointment.",
    tags: ["ultrasound", "series", "home"],
  },
  {
    id: "scan-series",
    title: "Scans side by side, week by week",
    description: "Lay the 12-week and 20-week scans next to each other on a plain sheet to show how much baby has grown.",
    tags: ["ultrasound", "series", "flat-lay"],
  },
  {
    id: "scan-window-light",
    title: "Scan against the window",
    description: "Hold the scan up against a bright window so the light shines through and baby's outline stands out.",
    tags: ["ultrasound", "light", "window"],
  },
  {
    id: "scan-heart-flat-lay",
    title: "Scans arranged in a heart",
    description: "Arrange your scan prints in a heart shape on a blanket with a few flowers between them, shot from above.",
    tags: ["ultrasound", "heart", "flat-lay"],
  },
  {
    id: "scan-in-hands",
    title: "Both your hands holding the scan",
    description: "Two pairs of hands holding one scan, rings and all: close-up, in soft light, faces out of frame.",
    tags: ["ultrasound", "couple", "hands"],
  },
  {
    id: "scan-heartbeat",
    title: "Scan with the heartbeat recording",
    description: "Lay the scan beside your phone showing the heartbeat recording from the appointment. Sound you can almost see.",
    tags: ["ultrasound", "heartbeat", "keepsake"],
  },
  {
    id: "scan-keepsake-box",
    title: "Scan in the keepsake box",
    description: "The scans, the positive test and the appointment card together in a keepsake box, lid open, photographed from above.",
    tags: ["ultrasound", "keepsake", "flat-lay"],
  },
]);

const EVENTS = inCategory("events", [
  {
    id: "pregnancy-announcement",
    title: "Announcing the news",
    description: "Tiny shoes, the scan and a sign with the due month on your doorstep: the picture you send everyone first.",
    tags: ["announcement", "family", "news"],
  },
  {
    id: "baby-shower-guest-of-honour",
    title: "Baby shower guest of honour",
    description: "You and the bump under the balloon arch before the guests arrive, while the decorations are still perfect.",
    tags: ["baby-shower", "balloons", "celebration"],
  },
  {
    id: "baby-shower-wishes",
    title: "Baby shower wishes",
    description: "Ask each guest to write a wish or a piece of advice for baby, then photograph the cards spread out together.",
    tags: ["baby-shower", "guests", "keepsake"],
  },
  {
    id: "baby-shower-cake",
    title: "The shower cake before the first slice",
    description: "Photograph the cake from a low angle before anyone cuts it, with you cutting the first slice as the next shot.",
    tags: ["baby-shower", "cake", "celebration"],
  },
  {
    id: "first-kicks",
    title: "Hands on the bump for the first kicks",
    description: "The evening baby first kicks hard enough for your partner to feel it: their hand on the bump, their face just after.",
    tags: ["milestone", "kicks", "couple"],
  },
  {
    id: "nursery-reveal",
    title: "Nursery finished: the first look",
    description: "Stand in the doorway of the finished nursery and take the picture from the hallway, with the crib in view.",
    tags: ["nursery", "milestone", "home"],
  },
  {
    id: "crib-assembly",
    title: "Building the crib together",
    description: "Instructions, screws and a half-built crib: photograph the beautiful chaos before the finished one.",
    tags: ["nursery", "couple", "diy"],
  },
  {
    id: "babymoon",
    title: "Babymoon getaway",
    description: "One last trip as two. A picture of you both with the view behind you and the bump in profile.",
    tags: ["babymoon", "travel", "couple"],
  },
  {
    id: "maternity-shoot",
    title: "Golden-hour maternity shoot",
    description: "The hour before sunset in a field or on a beach: a flowing dress, the light behind you and the bump in silhouette.",
    tags: ["maternity-shoot", "outdoors", "golden-hour"],
  },
  {
    id: "hospital-bag-packed",
    title: "The hospital bag, packed and ready",
    description: "The packed bag by the front door, with baby's going-home outfit folded on top.",
    tags: ["hospital-bag", "milestone", "ready"],
  },
  {
    id: "car-seat-fitted",
    title: "Car seat fitted",
    description: "The empty car seat buckled in, with a teddy keeping it warm until the real passenger arrives.",
    tags: ["car-seat", "milestone", "ready"],
  },
  {
    id: "due-date-day",
    title: "On the due date",
    description: "The calendar with the day circled and you beside it, whether baby has arrived or is fashionably late.",
    tags: ["due-date", "milestone", "calendar"],
  },
  {
    id: "last-bump-photo",
    title: "The last bump photo",
    description: "Right before leaving for the hospital, one more picture of the bump in your usual spot. You will be glad you did.",
    tags: ["milestone", "bump", "birth"],
  },
  {
    id: "name-reveal",
    title: "Baby's name, spelled out",
    description: "Wooden letter blocks spelling baby's name, lined up on the nursery shelf or held across the bump.",
    tags: ["name", "announcement", "nursery"],
  },
  {
    id: "birth-class",
    title: "Birth class graduates",
    description: "You two at the end of the antenatal class with your certificates and the practice doll.",
    tags: ["birth-class", "couple", "milestone"],
  },
]);

const GENERAL = inCategory("general", [
  {
    id: "same-spot-weekly",
    title: "Same spot, same shirt, every week",
    description: "Pick one wall and one shirt and take the picture from the same distance every week. Small changes add up to a great series.",
    tags: ["bump", "weekly", "series"],
  },
  {
    id: "chalkboard-weeks",
    title: "Weekly chalkboard sign",
    description: "A small chalkboard with the week number and one line about how you feel, held beside the bump.",
    tags: ["bump", "weekly", "chalkboard"],
  },
  {
    id: "window-silhouette",
    title: "Bump silhouette in the window",
    description: "Stand side-on in front of a bright window with the room lights off. The bump's outline says it all.",
    tags: ["silhouette", "light", "bump"],
  },
  {
    id: "partner-listening",
    title: "Partner listening to the bump",
    description: "Your partner's ear to the bump, eyes closed, listening for baby. Take it from the side, close up.",
    tags: ["couple", "bump", "tender"],
  },
  {
    id: "letter-to-baby",
    title: "A letter to baby",
    description: "Write baby a letter and photograph the page with your pen and a cup of tea beside it. Keep the letter for later.",
    tags: ["letter", "keepsake", "flat-lay"],
  },
  {
    id: "first-purchase",
    title: "The first thing you bought for baby",
    description: "That first little outfit or toy you could not resist, laid out on the bed and photographed from above.",
    tags: ["keepsake", "clothes", "flat-lay"],
  },
  {
    id: "craving-of-the-week",
    title: "Craving of the week",
    description: "Pickles, ice cream or lemons: your craving of the week balanced on the bump, with a grin.",
    tags: ["cravings", "food", "fun"],
  },
  {
    id: "tiny-clothesline",
    title: "Tiny clothes on a line",
    description: "Peg a row of baby clothes on a string across the nursery window, smallest first.",
    tags: ["clothes", "nursery", "home"],
  },
  {
    id: "pet-cuddle",
    title: "Pet cuddled up to the bump",
    description: "Your cat or dog curled up against the bump on the sofa. Pets often know before anyone tells them.",
    tags: ["pet", "bump", "home"],
  },
  {
    id: "sunday-morning",
    title: "Lazy Sunday morning bump",
    description: "White sheets, morning light and the bump under your hands. Keep it soft and unposed.",
    tags: ["bump", "morning", "home"],
  },
  {
    id: "favourite-walk",
    title: "Bump on your favourite walk",
    description: "The path you take most days, one picture a month in the same place as the seasons and the bump change.",
    tags: ["outdoors", "walk", "series"],
  },
  {
    id: "reading-to-bump",
    title: "Reading to the bump",
    description: "Your partner reading baby's first storybook to the bump at bedtime, lamp on, the rest of the room dark.",
    tags: ["books", "bedtime", "couple"],
  },
  {
    id: "family-shoes",
    title: "Family shoes in a row",
    description: "Everyone's shoes lined up by the door from biggest to smallest, with baby's tiny pair at the end.",
    tags: ["shoes", "family", "home"],
  },
  {
    id: "teddy-growth",
    title: "Bump next to the same teddy",
    description: "Sit the same teddy next to the bump each month. After the birth, keep taking it with baby beside the teddy.",
    tags: ["teddy", "monthly", "series"],
  },
  {
    id: "measuring-tape",
    title: "Measuring the bump",
    description: "A tape measure around the bump and the number written on a card. Playful, and fun to compare later.",
    tags: ["bump", "measuring", "fun"],
  },
  {
    id: "kitchen-dance",
    title: "Dancing in the kitchen",
    description: "Music on, you two swaying in the kitchen with the bump between you. Ask someone to take it candidly.",
    tags: ["couple", "home", "candid"],
  },
  {
    id: "sympathy-bump",
    title: "Partner's sympathy bump",
    description: "Your partner with a cushion under their shirt, side by side with you, comparing bumps with a straight face.",
    tags: ["couple", "fun", "bump"],
  },
  {
    id: "first-blanket",
    title: "Wrapped in baby's first blanket",
    description: "The blanket baby will come home in, wrapped around your shoulders or draped over the bump.",
    tags: ["blanket", "keepsake", "tender"],
  },
]);

/** All 102 ideas; the first three are the featured ones with prompts, style and upload metadata. */
export const INSPIRATION_TEMPLATES: readonly InspirationTemplate[] = Object.freeze([...FEATURED, ...FRUIT_COMPARISONS, ...HOLIDAYS, ...ULTRASOUND, ...EVENTS, ...GENERAL]);

const TEMPLATES_BY_ID: ReadonlyMap<string, InspirationTemplate> = new Map(INSPIRATION_TEMPLATES.map((template) => [template.id, template]));

export function inspirationTemplate(id: string): InspirationTemplate | undefined {
  return TEMPLATES_BY_ID.get(id);
}

export function isInspirationTemplateId(value: unknown): value is string {
  return typeof value === "string" && TEMPLATES_BY_ID.has(value);
}

export function isFeaturedTemplate(template: InspirationTemplate): template is FeaturedInspirationTemplate {
  return template.suggestedPrompts !== undefined && template.stylePreferences !== undefined && template.uploadMetadata !== undefined;
}

export function isInspirationCategory(value: unknown): value is InspirationCategory {
  return (INSPIRATION_CATEGORIES as readonly unknown[]).includes(value);
}

/** The ideas shown for a category filter (all of them without one) and, optionally, only favourites. */
export function filterTemplates(templates: readonly InspirationTemplate[], filter: { category: InspirationCategory | null; favoriteIds: ReadonlySet<string> | null }): InspirationTemplate[] {
  return templates.filter((t) => (filter.category === null || t.category === filter.category) && (filter.favoriteIds === null || filter.favoriteIds.has(t.id)));
}

/** The favourite ids after the user marked one idea (idempotent, order of marking kept). */
export function withFavorite(ids: readonly string[], templateId: string, favorite: boolean): string[] {
  const others = ids.filter((id) => id !== templateId);
  return favorite ? [...others, templateId] : others;
}

export interface UploadDefaults {
  title: string;
  description: string;
  tags: string[];
  privacyLevel: ItemPrivacyLevel;
}

/**
 * What the upload form starts with when the user picks an idea: the idea's upload metadata and
 * style where it has them (the first three), else its title and tags with the usual photo privacy.
 */
export function uploadDefaultsFor(template: InspirationTemplate): UploadDefaults {
  if (isFeaturedTemplate(template)) {
    const { uploadMetadata, stylePreferences } = template;
    return {
      title: uploadMetadata.suggestedTitle,
      description: uploadMetadata.suggestedDescription,
      tags: [...new Set(uploadMetadata.defaultTags)],
      privacyLevel: stylePreferences.privacyLevel,
    };
  }
  return { title: template.title, description: "", tags: [...new Set(template.tags)], privacyLevel: DEFAULT_PHOTO_PRIVACY_LEVEL };
}
