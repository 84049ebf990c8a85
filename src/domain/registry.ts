/**
 * Registry rules (core spec 5 and 8): URL normalisation, description length, per-pregnancy limits,
 * and the server's error codes with their texts.
 */
import { fail, ok, type Result } from "./result";
import { cutText, sanitizePlainText } from "./sanitize";

export const MAX_PRESET_REGISTRIES = 10;

export const MAX_CUSTOM_REGISTRIES = 3;

export const REGISTRY_URL_MAX_LENGTH = 2048;

export const REGISTRY_DESCRIPTION_MAX_LENGTH = 500;

/** The preset retailers a parent picks from (at most 10 preset registries per pregnancy). */
export const PRESET_RETAILER_KEYS = [
  "amazon",
  "target",
  "walmart",
  "babylist",
  "buy-buy-baby",
  "pottery-barn-kids",
  "crate-and-kids",
  "etsy",
  "nordstrom",
  "kohls",
  "macys",
  "zola",
] as const;
export type PresetRetailerKey = (typeof PRESET_RETAILER_KEYS)[number];

/** Each retailer's name and the page where its registries are found (a hint for the URL field). */
export const PRESET_RETAILERS: Readonly<Record<PresetRetailerKey, { name: string; site: string }>> = {
  amazon: { name: "Amazon", site: "https://www.amazon.com/baby-reg" },
  target: { name: "Target", site: "https://www.target.com/gift-registry/baby-registry" },
  walmart: { name: "Walmart", site: "https://www.walmart.com/registry/baby" },
  babylist: { name: "Babylist", site: "https://www.babylist.com" },
  "buy-buy-baby": { name: "Buy Buy Baby", site: "https://www.buybuybaby.com" },
  "pottery-barn-kids": { name: "Pottery Barn Kids", site: "https://www.potterybarnkids.com/registry" },
  "crate-and-kids": { name: "Crate & Kids", site: "https://www.crateandbarrel.com/kids" },
  etsy: { name: "Etsy", site: "https://www.etsy.com/registry" },
  nordstrom: { name: "Nordstrom", site: "https://www.nordstrom.com" },
  kohls: { name: "Kohl's", site: "https://www.kohls.com" },
  macys: { name: "Macy's", site: "https://www.macys.com/registry" },
  zola: { name: "Zola", site: "https://www.zola.com/registry" },
};

export const isPresetRetailer = (retailer: string | null | undefined): retailer is PresetRetailerKey =>
  typeof retailer === "string" && Object.hasOwn(PRESET_RETAILERS, retailer);

/** The retailer as people read it: the preset's name, or the stored text of an older or custom one. */
export const retailerName = (retailer: string | null): string | null => (isPresetRetailer(retailer) ? PRESET_RETAILERS[retailer].name : retailer);

/** Server error codes and their texts, verbatim. */
export const REGISTRY_ERROR_MESSAGES = {
  limit_exceeded_presets: `Limit reached: only ${MAX_PRESET_REGISTRIES} preset retailers allowed.`,
  limit_exceeded_custom: `Limit reached: only ${MAX_CUSTOM_REGISTRIES} custom registries allowed.`,
  invalid_url: `Invalid URL. Use https and keep it under ${REGISTRY_URL_MAX_LENGTH} characters.`,
  not_authorized: "Not authorized to manage this pregnancy.",
  not_found: "Registry not found.",
  invalid_registry_id: "Reorder failed: an item was out of scope.",
} as const;
export type RegistryErrorCode = keyof typeof REGISTRY_ERROR_MESSAGES;

export type RegistryLoginAction = "create" | "update" | "delete" | "reorder";
export type RegistryFailedAction = "add" | "update" | "remove" | "reorder";

/** Client texts. The spec writes the per-action ones as 'create/update/delete/reorder'. */
export const REGISTRY_MESSAGES = {
  invalidUrl: "Please enter a valid https URL.",
  presetLimit: `You can add up to ${MAX_PRESET_REGISTRIES} preset retailers.`,
  customLimit: `You can add up to ${MAX_CUSTOM_REGISTRIES} custom registries.`,
  loginRequired: (action: RegistryLoginAction) => `You must be logged in to ${action} registries`,
  actionFailed: (action: RegistryFailedAction) => `Failed to ${action} registry`,
  loadFailed: "Failed to load registries",
} as const;

/** Ours: the spec has no texts for suggestions. */
export const REGISTRY_SUGGESTION_MESSAGES = {
  sent: "Suggestion sent",
  sendFailed: "Failed to send suggestion",
  answerFailed: "Failed to update suggestion",
  loadFailed: "Failed to load suggestions",
} as const;

/** An optional http:// or https:// ... */
const HTTP_PREFIX = /^https?:\/\//i;
/** ... then a word character. */
const WORD_START = /^\w/;
/**
 * Another scheme ('ftp://x', 'file:///x') also starts with a word character; forcing https onto
 * it would make a host of the scheme's name, so it is refused. A port ('shop.com:8080/') is not a scheme.
 */
const OTHER_SCHEME = /^[a-z][a-z\d+.-]*:\//i;
const HTTPS = "https://";

/**
 * The URL as stored: trimmed, forced to https://, at most 2048 characters (the stored value is
 * measured, scheme included) and parseable as a URL with a host. Fails with 'invalid_url'.
 */
export function normalizeRegistryUrl(input: string): Result<string, "invalid_url"> {
  const rest = input.trim().replace(HTTP_PREFIX, "");
  if (!WORD_START.test(rest) || OTHER_SCHEME.test(rest)) return fail("invalid_url");
  const url = HTTPS + rest;
  if (url.length > REGISTRY_URL_MAX_LENGTH || !parses(url)) return fail("invalid_url");
  return ok(url);
}

/** URL.canParse is missing from older Safari, so ask the constructor. */
function parses(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}

/** Descriptions are kept trimmed and cut to 500 characters. */
export function truncateRegistryDescription(description: string): string {
  return cutText(description.trim(), REGISTRY_DESCRIPTION_MAX_LENGTH).trimEnd();
}

/**
 * A stored description: plain text as typed (core spec 5), then cut to 500. The limit is a cut,
 * not '...': the bound given to sanitizePlainText is the input's own length, so it never cuts.
 */
export function registryDescription(input: string): string {
  return truncateRegistryDescription(sanitizePlainText(input, input.length));
}

/**
 * The limit a new registry would break, or null: at most 10 preset retailers and 3 custom
 * registries per pregnancy. Counts are of the pregnancy's existing registries.
 */
export function registryLimitError(
  counts: { presets: number; custom: number },
  isCustom: boolean,
): "limit_exceeded_presets" | "limit_exceeded_custom" | null {
  if (isCustom) return counts.custom >= MAX_CUSTOM_REGISTRIES ? "limit_exceeded_custom" : null;
  return counts.presets >= MAX_PRESET_REGISTRIES ? "limit_exceeded_presets" : null;
}

/** How many preset and custom registries a list holds (the limits count them apart). */
export function registryCounts(registries: ReadonlyArray<{ isCustom: boolean }>): { presets: number; custom: number } {
  const custom = registries.filter((registry) => registry.isCustom).length;
  return { presets: registries.length - custom, custom };
}

/** The client's text for a limit the form already sees reached (core spec 8). */
export const limitMessage = (code: "limit_exceeded_presets" | "limit_exceeded_custom") => (code === "limit_exceeded_presets" ? REGISTRY_MESSAGES.presetLimit : REGISTRY_MESSAGES.customLimit);

/** The list with the item at `from` moved to `to` (both clamped to the list); the others keep their order. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  if (from < 0 || from >= items.length) return result;
  const [item] = result.splice(from, 1);
  result.splice(Math.max(0, Math.min(to, result.length)), 0, item as T);
  return result;
}
