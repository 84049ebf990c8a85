/**
 * Baby colours (core spec 1): pink, blue, green, yellow, orange, purple, red, as CSS-ready values
 * for a baby's accent. `swatch` is the colour itself (decorative: always shown with the name),
 * `soft` a tint for backgrounds and `text` a deep shade that reads at least 7:1 on `soft` and on
 * white (WCAG AA needs 4.5:1).
 */
import { BABY_COLORS, type BabyColor } from "../domain/enums";

export interface BabyColorStyle {
  id: BabyColor;
  label: string;
  swatch: string;
  soft: string;
  text: string;
}

export const BABY_COLOR_STYLES: Readonly<Record<BabyColor, BabyColorStyle>> = {
  pink: { id: "pink", label: "Pink", swatch: "#e2609b", soft: "#fde4ef", text: "#8f1f55" },
  blue: { id: "blue", label: "Blue", swatch: "#4a8fd9", soft: "#e1eefb", text: "#1d4f86" },
  green: { id: "green", label: "Green", swatch: "#4fa66b", soft: "#e2f4e7", text: "#1f5e34" },
  yellow: { id: "yellow", label: "Yellow", swatch: "#e8b923", soft: "#fdf5d3", text: "#6b5000" },
  orange: { id: "orange", label: "Orange", swatch: "#ee8a3c", soft: "#fde9d9", text: "#8a3f00" },
  purple: { id: "purple", label: "Purple", swatch: "#9467d6", soft: "#eee6fb", text: "#54308f" },
  red: { id: "red", label: "Red", swatch: "#dc4c4c", soft: "#fde3e3", text: "#8e1f1f" },
};

/** In the spec's order, for pickers. */
export const BABY_COLOR_OPTIONS: readonly BabyColorStyle[] = BABY_COLORS.map((id) => BABY_COLOR_STYLES[id]);

export function babyColorStyle(id: BabyColor | null | undefined): BabyColorStyle | null {
  return id ? BABY_COLOR_STYLES[id] : null;
}
