/**
 * Draws the installed app's icons from the favicon (public/favicon.svg): the maskable icon, whose
 * mark sits inside the central 80% circle every launcher's mask keeps, on a full-bleed background,
 * and the Apple touch icon (iOS rounds the corners itself and shows no transparency). Run once when
 * the favicon changes: `node --import tsx scripts/pwa-icons.ts`; the PNGs are committed.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const favicon = readFileSync(path.join(root, "public", "favicon.svg"), "utf8");
const background = /<rect [^>]*fill="([^"]+)"/.exec(favicon)?.[1];
const mark = favicon.replace(/<svg[^>]*>|<\/svg>|<rect [^>]*\/>/g, "").trim();
if (!background || !mark) throw new Error("public/favicon.svg: expected a background <rect> and the mark");

/** The mark at `scale` of the square, centred on a full-bleed background. */
const squareIcon = (scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${mark}</g></svg>`;

const ICONS = [
  // The mark spans about 34 of the 64 units: at 0.9 its corners stay well inside the 40%-radius safe circle.
  { file: "maskable-512.png", size: 512, scale: 0.9 },
  { file: "apple-touch-icon.png", size: 180, scale: 1 },
];

for (const icon of ICONS) {
  await sharp(Buffer.from(squareIcon(icon.scale)), { density: 72 * (icon.size / 64) })
    .resize(icon.size, icon.size)
    .png()
    .toFile(path.join(root, "public", "icons", icon.file));
  console.log(`public/icons/${icon.file}`);
}
