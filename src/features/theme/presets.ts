/**
 * The five theme presets (core spec 1) as the settings screen shows them. The colours, fonts, card
 * style and animation speed themselves live in src/styles.css under [data-preset]; `preview` holds
 * three of each preset's colours for the swatch beside its name.
 */
import type { ThemePreset } from "../../lib/theme";

export interface ThemePresetInfo {
  id: ThemePreset;
  name: string;
  description: string;
  /** Background, primary and a soft accent, for a small preview. */
  preview: readonly [string, string, string];
}

export const THEME_PRESET_INFO: readonly ThemePresetInfo[] = [
  { id: "soft-pastels", name: "Soft Pastels", description: "Blush and lavender, rounded type, gentle cards.", preview: ["#fff8fb", "#9b3f78", "#ece6fb"] },
  { id: "warm-embrace", name: "Warm Embrace", description: "Peach and terracotta, a warm serif, soft shadows.", preview: ["#fff7f2", "#a3432a", "#fde3d6"] },
  { id: "cool-serenity", name: "Cool Serenity", description: "Sky and sea blues, clean type, crisp cards.", preview: ["#f5f9fc", "#2a6286", "#ddf2ef"] },
  { id: "earth-gentle", name: "Earth Gentle", description: "Sage and sand, natural type, calm flat cards.", preview: ["#f8f6f0", "#4b6838", "#e3ecd8"] },
  { id: "moonlit-pastels", name: "Moonlit Pastels", description: "Lavender night tones; always dark.", preview: ["#151428", "#c9b8ff", "#2e2854"] },
];

export function themePresetInfo(id: ThemePreset): ThemePresetInfo {
  return THEME_PRESET_INFO.find((preset) => preset.id === id) ?? THEME_PRESET_INFO[0]!;
}
