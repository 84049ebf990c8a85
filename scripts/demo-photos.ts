import type { GuestPrivacyLevel, ItemPrivacyLevel } from "../src/domain/enums";
import type { DemoMember } from "./demo-family";
import { captionHeight, captionWidth, createRaster, paintCaption, paintDisc, paintGradient, paintRadial, paintRect, type Raster, type Rgb } from "./images/raster";

type DemoKey = DemoMember["key"];

/** What a demo picture shows, drawn in code (nothing downloaded). */
type Scene = "sun" | "bump" | "scan" | "nursery" | "balloons" | "shoes";

export interface DemoPhoto {
  title: string;
  description: string;
  altText: string;
  week: number;
  tags: string[];
  uploadedBy: DemoKey;
  privacyLevel?: ItemPrivacyLevel;
  audienceGroups?: GuestPrivacyLevel[];
  scene: Scene;
  colors: readonly [Rgb, Rgb];
  caption: string;
  /** Sent as a phone JPEG with GPS Exif (the server strips it); otherwise a PNG. */
  fromPhone?: boolean;
  guestTags?: DemoKey[];
  likes?: DemoKey[];
  comments?: ReadonlyArray<{ by: DemoKey; content: string }>;
}

/** The demo album, oldest first: a dozen photos across the weeks, at every audience the family uses. */
export const DEMO_PHOTOS: readonly DemoPhoto[] = [
  {
    title: "It's official!",
    description: "Two pink lines and a lot of happy tears.",
    altText: "A pastel card with a bright sun",
    week: 6,
    tags: ["announcement", "first trimester"],
    uploadedBy: "olivia",
    privacyLevel: "parents-only",
    scene: "sun",
    colors: [
      [255, 214, 224],
      [255, 240, 205],
    ],
    caption: "week 6",
    likes: ["noah"],
  },
  {
    title: "First scan",
    description: "Two tiny heartbeats on the screen. Bean and Sprout!",
    altText: "An ultrasound-style picture with two small shapes",
    week: 12,
    tags: ["ultrasound", "first trimester", "twins"],
    uploadedBy: "noah",
    privacyLevel: "immediate-family",
    scene: "scan",
    colors: [
      [20, 20, 28],
      [60, 60, 72],
    ],
    caption: "week 12",
    fromPhone: true,
    guestTags: ["olivia"],
    likes: ["olivia", "grandma"],
    comments: [
      { by: "grandma", content: "I cried happy tears all afternoon. Two of them! 💕" },
      { by: "olivia", content: "We still can't quite believe it." },
    ],
  },
  {
    title: "Hello, bump",
    description: "The first week anyone else could tell.",
    altText: "A gradient with a round shape like a bump",
    week: 16,
    tags: ["bump", "second trimester"],
    uploadedBy: "olivia",
    privacyLevel: "extended-family",
    scene: "bump",
    colors: [
      [250, 205, 215],
      [200, 215, 250],
    ],
    caption: "week 16",
    fromPhone: true,
    likes: ["noah", "grandma", "maya"],
    comments: [{ by: "maya", content: "Look at you glowing!" }],
  },
  {
    title: "Gender reveal balloons",
    description: "Spoiler: it's still a surprise. We just liked the balloons.",
    altText: "Colourful balloons on a soft background",
    week: 18,
    tags: ["party", "family"],
    uploadedBy: "maya",
    privacyLevel: "friends",
    scene: "balloons",
    colors: [
      [235, 245, 255],
      [255, 235, 245],
    ],
    caption: "week 18",
    guestTags: ["olivia", "noah", "sam"],
    likes: ["olivia", "sam"],
    comments: [{ by: "sam", content: "Best party of the year 🎈" }],
  },
  {
    title: "Anatomy scan",
    description: "Everyone is growing just right.",
    altText: "An ultrasound-style picture",
    week: 20,
    tags: ["ultrasound", "second trimester"],
    uploadedBy: "olivia",
    privacyLevel: "immediate-family",
    scene: "scan",
    colors: [
      [16, 18, 24],
      [70, 70, 80],
    ],
    caption: "week 20",
    likes: ["noah", "grandma"],
  },
  {
    title: "Halfway there",
    description: "Twenty-two weeks and counting.",
    altText: "A sunny gradient with a round shape like a bump",
    week: 22,
    tags: ["bump", "milestone"],
    uploadedBy: "noah",
    privacyLevel: "friends",
    scene: "bump",
    colors: [
      [255, 228, 196],
      [255, 200, 210],
    ],
    caption: "week 22",
    likes: ["olivia", "maya", "sam"],
    comments: [{ by: "sam", content: "Halfway! You two are amazing." }],
  },
  {
    title: "Tiny shoes",
    description: "Grandma couldn't resist.",
    altText: "Two pairs of tiny shoes side by side",
    week: 24,
    tags: ["gifts", "family"],
    uploadedBy: "grandma",
    privacyLevel: "immediate-family",
    scene: "shoes",
    colors: [
      [245, 240, 230],
      [230, 240, 245],
    ],
    caption: "week 24",
    guestTags: ["olivia", "noah"],
    likes: ["olivia", "noah"],
    comments: [{ by: "olivia", content: "They're perfect, thank you Mum!" }],
  },
  {
    title: "Nursery, day one",
    description: "Paint's on the walls. Cots next weekend.",
    altText: "A simple drawing of a nursery with two cots",
    week: 26,
    tags: ["nursery", "preparation"],
    uploadedBy: "noah",
    audienceGroups: ["immediate-family", "extended-family"],
    scene: "nursery",
    colors: [
      [220, 238, 225],
      [245, 245, 235],
    ],
    caption: "week 26",
    likes: ["grandma", "maya"],
  },
  {
    title: "Sunday walk",
    description: "Slow and steady in the park.",
    altText: "A warm gradient with a setting sun",
    week: 28,
    tags: ["bump", "third trimester", "outdoors"],
    uploadedBy: "olivia",
    privacyLevel: "acquaintances",
    scene: "sun",
    colors: [
      [255, 210, 170],
      [190, 170, 230],
    ],
    caption: "week 28",
    fromPhone: true,
    likes: ["noah", "sam"],
  },
  {
    title: "Baby shower",
    description: "Thank you all for the most wonderful afternoon.",
    altText: "Balloons in pastel colours",
    week: 30,
    tags: ["party", "baby shower", "family"],
    uploadedBy: "olivia",
    privacyLevel: "friends",
    scene: "balloons",
    colors: [
      [255, 240, 245],
      [235, 250, 240],
    ],
    caption: "week 30",
    guestTags: ["grandma", "maya", "sam"],
    likes: ["grandma", "maya", "sam", "noah"],
    comments: [
      { by: "maya", content: "The cake! I'm still thinking about the cake." },
      { by: "grandma", content: "Such a lovely day with everyone." },
    ],
  },
  {
    title: "Cots are in",
    description: "Two of everything, it turns out.",
    altText: "A simple drawing of a nursery with two cots",
    week: 31,
    tags: ["nursery", "preparation", "twins"],
    uploadedBy: "noah",
    privacyLevel: "immediate-family",
    scene: "nursery",
    colors: [
      [225, 235, 250],
      [250, 245, 235],
    ],
    caption: "week 31",
    likes: ["olivia"],
  },
  {
    title: "Nearly there",
    description: "Bags packed, car seats fitted. Any day now!",
    altText: "A soft gradient with a round shape like a bump",
    week: 32,
    tags: ["bump", "third trimester", "milestone"],
    uploadedBy: "olivia",
    privacyLevel: "close-friends",
    scene: "bump",
    colors: [
      [230, 215, 250],
      [255, 225, 235],
    ],
    caption: "week 32",
    likes: ["noah", "grandma", "maya"],
    comments: [{ by: "noah", content: "So proud of you." }],
  },
];

/** Demo pictures are this size; browsers thumbnail them to THUMBNAIL_WIDTH. */
export const DEMO_PHOTO_WIDTH = 640;
export const DEMO_PHOTO_HEIGHT = 480;
export const THUMBNAIL_WIDTH = 320;
const CAPTION_SCALE = 6;
const CAPTION_MARGIN = 24;
const CAPTION_COLOR: Rgb = [70, 50, 100];
const LIGHT: Rgb = [255, 250, 240];
const SCAN_GREY: Rgb = [150, 150, 160];
const BALLOON_COLORS: readonly Rgb[] = [
  [240, 140, 160],
  [140, 190, 240],
  [250, 210, 120],
  [160, 220, 170],
];
const SHOE_COLORS: readonly Rgb[] = [
  [170, 200, 235],
  [235, 175, 195],
];

function paintScene(raster: Raster, scene: Scene) {
  const { width: w, height: h } = raster;
  switch (scene) {
    case "sun":
      paintDisc(raster, w * 0.5, h * 0.45, h * 0.25, LIGHT);
      break;
    case "bump":
      paintDisc(raster, w * 0.55, h * 0.55, h * 0.32, [250, 225, 210]);
      paintDisc(raster, w * 0.35, h * 0.3, h * 0.12, [250, 225, 210]);
      break;
    case "scan":
      // The ultrasound's fan, then two small shapes in it.
      paintRadial(raster, w * 0.5, h * 0.05, h * 0.7, (r) => (r > h * 0.68 ? SCAN_GREY : [40 + (r % 30), 40 + (r % 30), 48 + (r % 30)]));
      paintRect(raster, 0, 0, w * 0.18, h, [16, 18, 24]);
      paintRect(raster, w * 0.82, 0, w * 0.18, h, [16, 18, 24]);
      paintDisc(raster, w * 0.42, h * 0.42, h * 0.08, SCAN_GREY);
      paintDisc(raster, w * 0.58, h * 0.46, h * 0.07, SCAN_GREY);
      break;
    case "nursery":
      for (const left of [w * 0.15, w * 0.55]) {
        paintRect(raster, left, h * 0.35, w * 0.3, h * 0.04, [180, 150, 120]);
        paintRect(raster, left, h * 0.6, w * 0.3, h * 0.04, [180, 150, 120]);
        for (let bar = 0; bar <= 6; bar++) paintRect(raster, left + (bar * w * 0.3) / 6 - 3, h * 0.35, 6, h * 0.3, [200, 170, 140]);
      }
      break;
    case "balloons":
      BALLOON_COLORS.forEach((color, i) => {
        const x = w * (0.2 + i * 0.2);
        const y = h * (0.3 + (i % 2) * 0.1);
        paintRect(raster, x - 1, y, 2, h * 0.35, [120, 120, 120]);
        paintDisc(raster, x, y, h * 0.11, color);
      });
      break;
    case "shoes":
      SHOE_COLORS.forEach((color, i) => {
        const x = w * (0.3 + i * 0.35);
        paintDisc(raster, x - w * 0.06, h * 0.5, h * 0.08, color);
        paintDisc(raster, x + w * 0.05, h * 0.5, h * 0.08, color);
        paintRect(raster, x - w * 0.1, h * 0.5, w * 0.2, h * 0.08, color);
      });
      break;
  }
}

/** The demo photo's picture: its colours, its scene, and the week written along the bottom. */
export function paintDemoPhoto(photo: DemoPhoto): Raster {
  const raster = createRaster(DEMO_PHOTO_WIDTH, DEMO_PHOTO_HEIGHT);
  paintGradient(raster, ...photo.colors);
  paintScene(raster, photo.scene);
  const top = DEMO_PHOTO_HEIGHT - CAPTION_MARGIN - captionHeight(CAPTION_SCALE);
  paintRect(raster, 0, top - CAPTION_MARGIN / 2, DEMO_PHOTO_WIDTH, captionHeight(CAPTION_SCALE) + CAPTION_MARGIN, LIGHT);
  paintCaption(raster, photo.caption, (DEMO_PHOTO_WIDTH - captionWidth(photo.caption, CAPTION_SCALE)) / 2, top, CAPTION_SCALE, CAPTION_COLOR);
  return raster;
}
