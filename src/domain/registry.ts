/**
 * Registry rules (core spec 5 and 8): URL normalisation, description length, per-pregnancy limits,
 * and the server's error codes with their texts.
 */
import {
  MAX_CUSTOM_REGISTRIES,
  MAX_PRESET_REGISTRIES,
  REGISTRY_DESCRIPTION_MAX_LENGTH,
  REGISTRY_URL_MAX_LENGTH,
} from "./constants";
import { fail, ok, type Result } from "./result";
import { cutText } from "./sanitize";

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

/** An optional http:// or https:// ... */
const HTTP_PREFIX = /^https?:\/\//i;
/** ... then a word character. */
const WORD_START = /^\w/;
const HTTPS = "https://";

/**
 * The URL as stored: trimmed, forced to https://, at most 2048 characters (the stored value is
 * measured, scheme included) and parseable as a URL with a host. Fails with 'invalid_url'.
 */
export function normalizeRegistryUrl(input: string): Result<string, "invalid_url"> {
  const rest = input.trim().replace(HTTP_PREFIX, "");
  if (!WORD_START.test(rest)) return fail("invalid_url");
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
