/**
 * Draws one small flat SVG illustration per inspiration idea into public/inspiration/ (the gallery's
 * images are made here, not downloaded). Run once after changing the ideas and commit the output:
 *   node --import tsx scripts/generate-inspiration-art.ts
 * Each picture is a category colour, a few confetti dots and one motif; fruit comparisons draw the
 * week's fruit growing with the week. No text repeats the title; fruit carries a small week number.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { FIRST_SIZE_WEEK, LAST_SIZE_WEEK } from "../src/domain/sizeComparison";
import type { InspirationCategory } from "../src/domain/enums";
import { INSPIRATION_IMAGE_PATH, INSPIRATION_IMAGE_SIZE, INSPIRATION_TEMPLATES, type InspirationTemplate } from "../src/domain/inspiration";

const SIZE = INSPIRATION_IMAGE_SIZE;
const C = SIZE / 2;
const OUT_DIR = join(import.meta.dirname, "../public", INSPIRATION_IMAGE_PATH);

interface Colours {
  main: string;
  accent: string;
}

const GOLD = "#C9A227";
const LEAF = "#4F8F43";
const WHITE = "#FFFFFF";
const PUMPKIN = "#E8862A";

/** Background, confetti and motif colours per category; ideas take the motif colours in turn. */
const CATEGORY_STYLE: Record<InspirationCategory, { background: string; confetti: string; colours: Colours[] }> = {
  "fruit-comparison": { background: "#EEF6E6", confetti: "#B9D9A5", colours: [] },
  holiday: {
    background: "#FCEBE6",
    confetti: "#F3B9A8",
    colours: [
      { main: "#C8413B", accent: "#F4D06F" },
      { main: "#2F7D5B", accent: "#F6E3B4" },
      { main: "#E38B2C", accent: "#7B3F1E" },
      { main: "#3D5A98", accent: "#F4D06F" },
    ],
  },
  ultrasound: {
    background: "#E4EDF8",
    confetti: "#B7CBE6",
    colours: [
      { main: "#2B3A55", accent: "#D6E5F7" },
      { main: "#394B6E", accent: "#F6D7E0" },
      { main: "#23324A", accent: "#FCE9C8" },
    ],
  },
  events: {
    background: "#F2E8FA",
    confetti: "#D6C0EE",
    colours: [
      { main: "#E5739B", accent: "#7FB7E8" },
      { main: "#8C6BD6", accent: "#F6C85F" },
      { main: "#4FA3A5", accent: "#F28C8C" },
    ],
  },
  general: {
    background: "#FFF2DC",
    confetti: "#F5D39A",
    colours: [
      { main: "#E07A5F", accent: "#3D405B" },
      { main: "#5B8E7D", accent: "#F2CC8F" },
      { main: "#8E6C8A", accent: "#F4E1C1" },
    ],
  },
};

type Draw = (c: Colours) => string;

const starPoints = (outer: number, inner: number, cx = C, cy = C) =>
  Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(" ");

/** The ultrasound fan with a curled-up baby inside, drawn for the full picture and scaled down in a frame. */
const scanFan = (c: Colours) =>
  `<path d="M120 50l-74 119a140 140 0 0 0 148 0z" fill="${c.main}"/>` +
  `<circle cx="106" cy="116" r="17" fill="${c.accent}"/><ellipse cx="128" cy="148" rx="19" ry="27" fill="${c.accent}" transform="rotate(-35 128 148)"/>`;

const heartPath = "M120 182C68 146 54 114 66 90c12-22 41-24 54-4 13-20 42-18 54 4 12 24-2 56-54 92z";

const MOTIFS = {
  ornament: (c) =>
    `<circle cx="120" cy="134" r="58" fill="${c.main}"/><path d="M64 134q14-12 28 0t28 0 28 0 28 0" fill="none" stroke="${c.accent}" stroke-width="7"/>` +
    `<rect x="107" y="64" width="26" height="16" rx="3" fill="${GOLD}"/><circle cx="120" cy="56" r="8" fill="none" stroke="${GOLD}" stroke-width="4"/><circle cx="98" cy="112" r="11" fill="${WHITE}" opacity=".35"/>`,
  stocking: (c) =>
    `<path d="M96 78h50v62l24 22c14 14 0 38-18 30l-56-26c-10-5-12-14-6-22l6-8z" fill="${c.main}"/><rect x="90" y="58" width="62" height="26" rx="8" fill="${c.accent}"/>`,
  star: (c) => `<polygon points="${starPoints(68, 28)}" fill="${c.accent}"/><polygon points="${starPoints(24, 10, 176, 62)}" fill="${c.main}"/><polygon points="${starPoints(16, 7, 62, 178)}" fill="${c.main}"/>`,
  heart: (c) => `<path d="${heartPath}" fill="${c.main}"/><circle cx="90" cy="100" r="10" fill="${WHITE}" opacity=".35"/>`,
  egg: (c) =>
    `<ellipse cx="120" cy="128" rx="48" ry="62" fill="${c.main}"/><path d="M73 128l12-10 12 10 12-10 12 10 12-10 12 10 12-10 11 10" fill="none" stroke="${c.accent}" stroke-width="6" stroke-linejoin="round"/>` +
    `<circle cx="104" cy="96" r="6" fill="${c.accent}"/><circle cx="136" cy="160" r="6" fill="${c.accent}"/>`,
  flower: (c) =>
    `<path d="M120 140v60" stroke="${LEAF}" stroke-width="6"/><path d="M120 178c14-16 30-18 40-12-8 12-24 16-40 12z" fill="${LEAF}"/>` +
    [0, 72, 144, 216, 288].map((a) => `<ellipse cx="120" cy="82" rx="18" ry="30" fill="${c.main}" transform="rotate(${a} 120 112)"/>`).join("") +
    `<circle cx="120" cy="112" r="16" fill="${c.accent}"/>`,
  shoes: (c) =>
    [0, 58]
      .map((dx) => `<path d="M${62 + dx} 170c0-22 10-38 24-38 10 0 14 12 26 18 12 6 20 10 20 20v6h-70z" fill="${dx ? c.main : c.accent}"/><rect x="${62 + dx}" y="170" width="70" height="8" rx="4" fill="${WHITE}" opacity=".7"/>`)
      .join(""),
  sun: (c) =>
    `<circle cx="120" cy="120" r="38" fill="${c.accent}"/><path d="${Array.from({ length: 12 }, (_, i) => {
      const a = (Math.PI / 6) * i;
      const p = (r: number) => `${(C + r * Math.cos(a)).toFixed(1)} ${(C + r * Math.sin(a)).toFixed(1)}`;
      return `M${p(52)}L${p(72)}`;
    }).join("")}" stroke="${c.main}" stroke-width="8" stroke-linecap="round"/>`,
  // Always pumpkin orange, whatever the category's turn of colours.
  pumpkin: () =>
    `<rect x="114" y="54" width="12" height="26" rx="4" fill="${LEAF}"/><ellipse cx="90" cy="134" rx="36" ry="52" fill="${PUMPKIN}"/><ellipse cx="150" cy="134" rx="36" ry="52" fill="${PUMPKIN}"/>` +
    `<ellipse cx="120" cy="134" rx="36" ry="56" fill="${PUMPKIN}" stroke="#A8541A" stroke-width="3" stroke-opacity=".4"/>`,
  leaf: (c) =>
    `<path d="M120 52C170 78 178 150 120 190 62 150 70 78 120 52z" fill="${c.main}"/><path d="M120 70v130M120 110l-22-16M120 110l22-16M120 146l-26-18M120 146l26-18" stroke="${c.accent}" stroke-width="4" stroke-linecap="round" fill="none"/>`,
  candles: (c) =>
    [80, 120, 160]
      .map((x, i) => `<rect x="${x - 9}" y="${i === 1 ? 86 : 104}" width="18" height="${i === 1 ? 92 : 74}" rx="3" fill="${c.main}"/><ellipse cx="${x}" cy="${i === 1 ? 72 : 90}" rx="7" ry="12" fill="${GOLD}"/>`)
      .join("") + `<rect x="60" y="176" width="120" height="10" rx="5" fill="${c.accent}"/>`,
  lamp: (c) =>
    `<path d="M64 140h112c-6 30-30 44-56 44s-50-14-56-44z" fill="${c.main}"/><path d="M120 92c14 16 14 32 0 40-14-8-14-24 0-40z" fill="${GOLD}"/>` +
    `<path d="M76 146h88" stroke="${c.accent}" stroke-width="5" stroke-dasharray="6 8"/>`,
  lantern: (c) =>
    `<path d="M120 40v22" stroke="${GOLD}" stroke-width="4"/><rect x="100" y="60" width="40" height="14" rx="3" fill="${GOLD}"/><rect x="74" y="72" width="92" height="96" rx="40" fill="${c.main}"/>` +
    `<path d="M104 74c-10 30-10 62 0 92M136 74c10 30 10 62 0 92" stroke="${c.accent}" stroke-width="3" fill="none" opacity=".6"/><rect x="100" y="166" width="40" height="14" rx="3" fill="${GOLD}"/><path d="M120 180v26" stroke="${GOLD}" stroke-width="5"/>`,
  snowflake: (c) =>
    `<g stroke="${c.main}" stroke-width="7" stroke-linecap="round" fill="none">` +
    [0, 60, 120]
      .map((a) => `<g transform="rotate(${a} 120 120)"><path d="M120 52v136M120 74l-14-14M120 74l14-14M120 166l-14 14M120 166l14 14"/></g>`)
      .join("") +
    `</g><circle cx="120" cy="120" r="10" fill="${c.accent}"/>`,
  scan: (c) => scanFan(c),
  frame: (c) => `<rect x="52" y="52" width="136" height="136" rx="8" fill="${c.accent}" stroke="${GOLD}" stroke-width="12"/><g transform="translate(48 40) scale(.6)">${scanFan(c)}</g>`,
  book: (c) =>
    `<path d="M120 84c-18-12-40-14-62-10v100c22-4 44-2 62 10z" fill="${WHITE}" stroke="${c.main}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M120 84c18-12 40-14 62-10v100c-22-4-44-2-62 10z" fill="${c.accent}" stroke="${c.main}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M72 104h34M72 122h34M72 140h26" stroke="${c.main}" stroke-width="4" opacity=".4"/>`,
  envelope: (c) =>
    `<rect x="50" y="78" width="140" height="96" rx="8" fill="${c.accent}"/><path d="M50 84l70 52 70-52" fill="none" stroke="${c.main}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M120 158c-14-10-18-16-14-22 3-5 10-5 14 0 4-5 11-5 14 0 4 6 0 12-14 22z" fill="${c.main}"/>`,
  gift: (c) =>
    `<rect x="62" y="104" width="116" height="84" rx="6" fill="${c.main}"/><rect x="54" y="88" width="132" height="24" rx="5" fill="${c.main}"/>` +
    `<path d="M120 88v100M54 100h132" stroke="${c.accent}" stroke-width="12"/><path d="M120 88c-24-30-46-10-30 0zM120 88c24-30 46-10 30 0z" fill="none" stroke="${c.accent}" stroke-width="8" stroke-linejoin="round"/>`,
  balloon: (c) =>
    `<path d="M152 122c-6 30 10 44 0 76" fill="none" stroke="${c.accent}" stroke-width="3"/><ellipse cx="152" cy="86" rx="32" ry="40" fill="${c.accent}"/>` +
    `<path d="M104 146c8 22-8 34 4 58" fill="none" stroke="${c.main}" stroke-width="3"/><ellipse cx="104" cy="96" rx="42" ry="52" fill="${c.main}"/>` +
    `<path d="M98 146h12l-6 8z" fill="${c.main}"/><ellipse cx="88" cy="76" rx="8" ry="14" fill="${WHITE}" opacity=".35"/>`,
  cake: (c) =>
    `<rect x="66" y="132" width="108" height="54" rx="6" fill="${c.main}"/><rect x="82" y="96" width="76" height="40" rx="6" fill="${c.accent}"/>` +
    `<path d="M66 144c10 10 18 10 27 0s18-10 27 0 18 10 27 0 18-10 27 0" fill="none" stroke="${WHITE}" stroke-width="6" stroke-linecap="round"/>` +
    `<rect x="116" y="70" width="8" height="26" rx="2" fill="${WHITE}"/><ellipse cx="120" cy="62" rx="6" ry="10" fill="${GOLD}"/>`,
  camera: (c) =>
    `<rect x="92" y="70" width="48" height="20" rx="5" fill="${c.accent}"/><rect x="52" y="84" width="136" height="96" rx="14" fill="${c.main}"/>` +
    `<circle cx="120" cy="132" r="34" fill="${c.accent}"/><circle cx="120" cy="132" r="22" fill="${c.main}"/><circle cx="112" cy="124" r="6" fill="${WHITE}" opacity=".6"/><rect x="158" y="96" width="16" height="10" rx="3" fill="${WHITE}"/>`,
  mirror: (c) =>
    `<ellipse cx="120" cy="116" rx="54" ry="76" fill="${c.accent}" stroke="${c.main}" stroke-width="10"/>` +
    `<circle cx="114" cy="76" r="12" fill="${c.main}"/><path d="M106 92h18c2 14 0 22 6 30 18 8 20 32 6 42-4 3-10 4-14 4v20h-22v-24c-4-24-2-48 6-72z" fill="${c.main}"/><path d="M108 196h24" stroke="${c.main}" stroke-width="10"/>`,
  bump: (c) =>
    `<circle cx="112" cy="62" r="18" fill="${c.main}"/><path d="M100 86h26c4 20 2 30 10 40 22 10 26 40 8 54-6 4-12 6-18 6v30h-30v-36c-6-30-4-64 4-94z" fill="${c.main}"/>` +
    `<path d="M150 142c-8 14-4 22 4 28" fill="none" stroke="${c.accent}" stroke-width="5" stroke-linecap="round"/>`,
  house: (c) =>
    `<path d="M56 118l64-56 64 56" fill="none" stroke="${c.main}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/><rect x="72" y="112" width="96" height="78" fill="${c.main}"/>` +
    `<rect x="108" y="146" width="24" height="44" rx="3" fill="${c.accent}"/><path d="M88 132h16v14h-16zM136 132h16v14h-16z" fill="${c.accent}"/>`,
  teddy: (c) =>
    `<circle cx="92" cy="66" r="16" fill="${c.main}"/><circle cx="148" cy="66" r="16" fill="${c.main}"/><circle cx="120" cy="92" r="36" fill="${c.main}"/><ellipse cx="120" cy="162" rx="46" ry="38" fill="${c.main}"/>` +
    `<ellipse cx="120" cy="104" rx="14" ry="10" fill="${c.accent}"/><circle cx="106" cy="86" r="4" fill="${c.accent}"/><circle cx="134" cy="86" r="4" fill="${c.accent}"/><ellipse cx="120" cy="164" rx="24" ry="20" fill="${c.accent}" opacity=".5"/>`,
  calendar: (c) =>
    `<rect x="56" y="64" width="128" height="120" rx="10" fill="${WHITE}"/><path d="M56 74a10 10 0 0 1 10-10h108a10 10 0 0 1 10 10v22H56z" fill="${c.main}"/>` +
    `<path d="M86 54v20M154 54v20" stroke="${c.accent}" stroke-width="7" stroke-linecap="round"/><circle cx="150" cy="150" r="16" fill="none" stroke="${c.main}" stroke-width="5"/>` +
    `<g fill="${c.main}" opacity=".35"><circle cx="82" cy="120" r="5"/><circle cx="104" cy="120" r="5"/><circle cx="126" cy="120" r="5"/><circle cx="148" cy="120" r="5"/><circle cx="82" cy="150" r="5"/><circle cx="104" cy="150" r="5"/><circle cx="126" cy="150" r="5"/></g>`,
  blocks: (c) =>
    [
      [58, 140, c.main],
      [102, 140, c.accent],
      [146, 140, c.main],
      [80, 98, c.accent],
      [124, 98, c.main],
    ]
      .map(([x, y, fill]) => `<rect x="${x}" y="${y}" width="38" height="38" rx="5" fill="${fill}"/>`)
      .join(""),
  onesie: (c) =>
    `<path d="M92 60h56l30 26-16 20-14-10v72c0 8-6 12-12 12h-8v-18h-16v18h-8c-6 0-12-4-12-12V96l-14 10-16-20z" fill="${c.main}"/>` +
    `<path d="M104 60c0 10 6 16 16 16s16-6 16-16" fill="none" stroke="${c.accent}" stroke-width="5"/><circle cx="120" cy="120" r="5" fill="${c.accent}"/><circle cx="120" cy="138" r="5" fill="${c.accent}"/>`,
  bag: (c) =>
    `<path d="M96 84V70c0-8 6-14 14-14h20c8 0 14 6 14 14v14" fill="none" stroke="${c.accent}" stroke-width="8"/><rect x="56" y="82" width="128" height="104" rx="16" fill="${c.main}"/>` +
    `<path d="M56 116h128" stroke="${c.accent}" stroke-width="6"/><path d="M120 132v30M105 147h30" stroke="${WHITE}" stroke-width="8" stroke-linecap="round"/>`,
  paw: (c) =>
    `<ellipse cx="120" cy="146" rx="36" ry="30" fill="${c.main}"/><ellipse cx="78" cy="110" rx="12" ry="16" fill="${c.main}"/><ellipse cx="104" cy="86" rx="12" ry="16" fill="${c.main}"/>` +
    `<ellipse cx="136" cy="86" rx="12" ry="16" fill="${c.main}"/><ellipse cx="162" cy="110" rx="12" ry="16" fill="${c.main}"/><path d="${heartPath}" fill="${c.accent}" transform="translate(150 40) scale(.25)"/>`,
  lemon: (c) =>
    `<ellipse cx="120" cy="128" rx="56" ry="44" fill="#F3D34A" transform="rotate(-20 120 128)"/><path d="M150 88c10-18 28-22 40-16-8 14-24 20-40 16z" fill="${LEAF}"/><circle cx="100" cy="112" r="10" fill="${WHITE}" opacity=".35"/>` +
    `<path d="M70 186h100" stroke="${c.main}" stroke-width="6" stroke-linecap="round"/>`,
} satisfies Record<string, Draw>;

type Motif = keyof typeof MOTIFS;

/** The motif of every idea that is not a fruit comparison. */
const MOTIF_OF: Record<string, Motif> = {
  "monthly-mirror-bump": "mirror",
  "scan-beside-bump": "scan",
  "gender-reveal-moment": "balloon",
  "christmas-tree-bump": "ornament",
  "tiny-stocking": "stocking",
  "new-year-countdown": "star",
  "valentines-heart-hands": "heart",
  "easter-egg-basket": "egg",
  "mothers-day-mum-to-be": "flower",
  "fathers-day-dad-to-be": "shoes",
  "summer-beach-bump": "sun",
  "summer-sparklers": "star",
  "halloween-pumpkin-bump": "pumpkin",
  "autumn-leaves": "leaf",
  "thanksgiving-place-card": "pumpkin",
  "hanukkah-candles": "candles",
  "diwali-lamps": "lamp",
  "lunar-new-year-lantern": "lantern",
  "first-snow-bump": "snowflake",
  "first-scan-frame": "frame",
  "scan-baby-book": "book",
  "scan-tiny-shoes": "shoes",
  "scan-grandparents-card": "envelope",
  "scan-big-sibling": "scan",
  "scan-with-pet": "paw",
  "scan-fridge-gallery": "frame",
  "scan-series": "scan",
  "scan-window-light": "scan",
  "scan-heart-flat-lay": "heart",
  "scan-in-hands": "heart",
  "scan-heartbeat": "scan",
  "scan-keepsake-box": "gift",
  "pregnancy-announcement": "envelope",
  "baby-shower-guest-of-honour": "balloon",
  "baby-shower-wishes": "envelope",
  "baby-shower-cake": "cake",
  "first-kicks": "bump",
  "nursery-reveal": "house",
  "crib-assembly": "house",
  babymoon: "sun",
  "maternity-shoot": "sun",
  "hospital-bag-packed": "bag",
  "car-seat-fitted": "teddy",
  "due-date-day": "calendar",
  "last-bump-photo": "camera",
  "name-reveal": "blocks",
  "birth-class": "book",
  "same-spot-weekly": "camera",
  "chalkboard-weeks": "calendar",
  "window-silhouette": "bump",
  "partner-listening": "heart",
  "letter-to-baby": "envelope",
  "first-purchase": "onesie",
  "craving-of-the-week": "lemon",
  "tiny-clothesline": "onesie",
  "pet-cuddle": "paw",
  "sunday-morning": "sun",
  "favourite-walk": "leaf",
  "reading-to-bump": "book",
  "family-shoes": "shoes",
  "teddy-growth": "teddy",
  "measuring-tape": "bump",
  "kitchen-dance": "heart",
  "sympathy-bump": "bump",
  "first-blanket": "onesie",
};

/** Fruit colour by week (4 to 40, as WEEK_SIZES); `long` fruit is drawn as a tilted oval. */
const FRUIT: readonly { colour: string; long?: boolean }[] = [
  { colour: "#4B4B5C" }, // poppy seed
  { colour: "#D9BE84" }, // sesame seed
  { colour: "#C98B4A" }, // lentil
  { colour: "#4C5FA8" }, // blueberry
  { colour: "#9C3B3B", long: true }, // kidney bean
  { colour: "#B5172F" }, // cherry
  { colour: "#E0434F" }, // strawberry
  { colour: "#8A6A3D" }, // kiwi
  { colour: "#E0402E" }, // tomato
  { colour: "#F2CF3B", long: true }, // lemon
  { colour: "#F7A07A" }, // peach
  { colour: "#D94436" }, // apple
  { colour: "#5C8A3A", long: true }, // avocado
  { colour: "#C6D255", long: true }, // pear
  { colour: "#E8493A" }, // bell pepper
  { colour: "#F5A623", long: true }, // mango
  { colour: "#F3D34A", long: true }, // banana
  { colour: "#EF7D22", long: true }, // carrot
  { colour: "#4E8B3A", long: true }, // cucumber
  { colour: "#7A3E8E" }, // bunch of grapes
  { colour: "#F4C842", long: true }, // ear of corn
  { colour: "#B5562F", long: true }, // sweet potato
  { colour: "#9BCB5B" }, // head of lettuce
  { colour: "#4E8B3A" }, // head of broccoli
  { colour: "#5B2E6E", long: true }, // eggplant
  { colour: "#D9A35B", long: true }, // loaf of bread
  { colour: "#A7C98A" }, // cabbage
  { colour: "#7A5234" }, // coconut
  { colour: "#CFE3A8", long: true }, // napa cabbage
  { colour: "#F2C14E", long: true }, // pineapple
  { colour: "#F2B36B" }, // cantaloupe
  { colour: "#CFE3A0" }, // honeydew melon
  { colour: "#6FAE45", long: true }, // head of romaine lettuce
  { colour: "#7FB24A", long: true }, // bunch of Swiss chard
  { colour: "#8DB46A" }, // winter melon
  { colour: "#3E8E47" }, // mini watermelon
  { colour: "#EE8A2C" }, // small pumpkin
];

const MIN_FRUIT_RADIUS = 14;
const MAX_FRUIT_RADIUS = 70;

function fruit(week: number): string {
  const style = FRUIT[week - FIRST_SIZE_WEEK];
  if (!style) throw new Error(`No fruit colour for week ${week}`);
  const r = MIN_FRUIT_RADIUS + ((MAX_FRUIT_RADIUS - MIN_FRUIT_RADIUS) * (week - FIRST_SIZE_WEEK)) / (LAST_SIZE_WEEK - FIRST_SIZE_WEEK);
  const cy = 128;
  const ry = style.long ? r * 1.25 : r;
  const rx = style.long ? r * 0.8 : r;
  const top = cy - ry;
  const leaf = Math.max(10, r * 0.5);
  const f = (n: number) => n.toFixed(1);
  return (
    `<ellipse cx="120" cy="${f(cy + ry + 6)}" rx="${f(rx * 0.9)}" ry="${f(Math.max(3, r * 0.12))}" fill="#000" opacity=".08"/>` +
    `<ellipse cx="120" cy="${cy}" rx="${f(rx)}" ry="${f(ry)}" fill="${style.colour}"${style.long ? ` transform="rotate(-18 120 ${cy})"` : ""}/>` +
    `<path d="M120 ${f(top + 2)}v-${f(leaf * 0.6)}" stroke="#6B4F2A" stroke-width="${f(Math.max(2, r * 0.08))}" stroke-linecap="round"/>` +
    `<ellipse cx="${f(120 + leaf * 0.8)}" cy="${f(top - leaf * 0.2)}" rx="${f(leaf * 0.8)}" ry="${f(leaf * 0.38)}" fill="${LEAF}" transform="rotate(-25 ${f(120 + leaf * 0.8)} ${f(top - leaf * 0.2)})"/>` +
    `<circle cx="${f(120 - rx * 0.4)}" cy="${f(cy - ry * 0.4)}" r="${f(Math.max(2, r * 0.18))}" fill="${WHITE}" opacity=".35"/>` +
    `<text x="222" y="226" text-anchor="end" font-family="system-ui,sans-serif" font-size="14" font-weight="600" fill="${LEAF}">wk ${week}</text>`
  );
}

/** A few confetti dots in the corners, placed from the id so each picture differs a little. */
function confetti(id: string, colour: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const spots = [
    [28, 30],
    [206, 40],
    [36, 206],
    [214, 180],
    [60, 16],
    [188, 222],
  ];
  return spots
    .map(([x = 0, y = 0], i) => {
      const shift = (hash >> (i * 3)) % 14;
      return `<circle cx="${x + shift - 7}" cy="${y - shift + 7}" r="${3 + ((hash >> i) % 4)}" fill="${colour}"/>`;
    })
    .join("");
}

function illustration(template: InspirationTemplate, indexInCategory: number): string {
  const style = CATEGORY_STYLE[template.category];
  let motif: string;
  if (template.category === "fruit-comparison") {
    // Fruit comparisons come in week order, one per week of WEEK_SIZES.
    const week = FIRST_SIZE_WEEK + indexInCategory;
    if (!template.id.startsWith(`week-${week}-`)) throw new Error(`${template.id} is not week ${week}`);
    motif = fruit(week);
  } else {
    const name = MOTIF_OF[template.id];
    const colours = style.colours[indexInCategory % style.colours.length];
    if (!name || !colours) throw new Error(`No motif for ${template.id}`);
    motif = MOTIFS[name](colours);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}"><rect width="${SIZE}" height="${SIZE}" fill="${style.background}"/>${confetti(template.id, style.confetti)}${motif}</svg>\n`;
}

const stray = Object.keys(MOTIF_OF).filter((id) => !INSPIRATION_TEMPLATES.some((t) => t.id === id));
if (stray.length > 0) throw new Error(`Motifs for unknown ideas: ${stray.join(", ")}`);

rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
const seen = new Map<InspirationCategory, number>();
let bytes = 0;
for (const template of INSPIRATION_TEMPLATES) {
  const index = seen.get(template.category) ?? 0;
  seen.set(template.category, index + 1);
  const svg = illustration(template, index);
  bytes += svg.length;
  writeFileSync(join(OUT_DIR, `${template.id}.svg`), svg);
}
console.info(`Wrote ${INSPIRATION_TEMPLATES.length} illustrations (${Math.round(bytes / 1024)} KB) to ${OUT_DIR}`);
