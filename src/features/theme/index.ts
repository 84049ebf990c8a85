export { ThemeSettings } from "./ThemeSettings";
export { THEME_PRESET_INFO, themePresetInfo, type ThemePresetInfo } from "./presets";
export { BABY_COLOR_OPTIONS, BABY_COLOR_STYLES, babyColorStyle, type BabyColorStyle } from "./babyColors";
