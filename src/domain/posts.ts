/**
 * Post rules shared by the composer and the server (core spec 3, 5 and 6): who a post reaches,
 * and its link.
 */
import { GUEST_PRIVACY_LEVELS, type GuestPrivacyLevel, type ItemPrivacyLevel } from "./enums";
import { isGuestPrivacyLevel } from "./audience";
import { normalizeRegistryUrl } from "./registry";
import type { Result } from "./result";

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

/** The spec lists the first four and "comment, reply, delete, update variants": worded alike. */
export const POST_TOASTS = {
  loadFailed: "Failed to load posts",
  mustBeLoggedIn: "You must be logged in to create a post",
  createFailed: "Failed to create post",
  likeFailed: "Failed to update like",
  commentFailed: "Failed to add comment",
  replyFailed: "Failed to add reply",
  deleteFailed: "Failed to delete post",
  updateFailed: "Failed to update post",
} as const;

/** New posts go to the closest family unless the author widens them (as photos do, core spec 5). */
export const DEFAULT_POST_PRIVACY_LEVEL: ItemPrivacyLevel = "immediate-family";

/**
 * The guest groups an item at `level` reaches under the audience rule: that level and every closer
 * one; none for 'parents-only'. Stored as the post's audience_groups, so the column always says who
 * the privacy level lets in.
 */
export function audienceGroupsOf(level: ItemPrivacyLevel): GuestPrivacyLevel[] {
  if (!isGuestPrivacyLevel(level)) return [];
  return GUEST_PRIVACY_LEVELS.slice(0, GUEST_PRIVACY_LEVELS.indexOf(level) + 1);
}

/**
 * The privacy level for a choice of audience groups (spec 7 accepts a level or groups): the
 * furthest group chosen, since the audience rule lets in every closer one; no group is
 * 'parents-only'.
 */
export function privacyLevelForGroups(groups: readonly GuestPrivacyLevel[]): ItemPrivacyLevel {
  let furthest = -1;
  for (const group of groups) furthest = Math.max(furthest, GUEST_PRIVACY_LEVELS.indexOf(group));
  return GUEST_PRIVACY_LEVELS[furthest] ?? "parents-only";
}

/** The post's level: the one given, else the groups' level, else the default. */
export function postPrivacyLevel(choice: { privacyLevel?: ItemPrivacyLevel | undefined; audienceGroups?: readonly GuestPrivacyLevel[] | undefined }): ItemPrivacyLevel {
  if (choice.privacyLevel) return choice.privacyLevel;
  if (choice.audienceGroups) return privacyLevelForGroups(choice.audienceGroups);
  return DEFAULT_POST_PRIVACY_LEVEL;
}

/**
 * A post's link follows the registry's URL rule (the spec gives posts none of their own): trimmed,
 * forced to https, at most 2048 characters.
 */
export const normalizePostLink = (input: string): Result<string, "invalid_url"> => normalizeRegistryUrl(input);

/** An ordinary update, or the parents' own words after a loss (issue 38), which the digest never carries. */
export const POST_KINDS = ["update", "loss-message"] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** Refused like or comment on a post whose author asked for no replies. */
export const NO_REPLIES_MESSAGE = "This message does not take replies or reactions.";
