import { z } from "zod";
import { guestPrivacyLevelSchema, itemPrivacyLevelSchema } from "../../src/domain/audience";
import { GUEST_PRIVACY_LEVELS } from "../../src/domain/enums";
import { parentProcedure, participantProcedure, router } from "../trpc/init";
import { addComment, createPost, deletePost, isFeedCursor, listComments, listPosts, setLike, updatePost } from "../services/posts";
import { rawText } from "./inputs";
import { COMMENT_MAX_LENGTH, LOCATION_MAX_LENGTH } from "../../src/domain/textLimits";
import { POST_CONTENT_MAX_LENGTH, POST_MAX_PHOTOS, POST_MOOD_MAX_LENGTH, POST_PAGE_SIZE } from "../../src/domain/posts";
import { REGISTRY_URL_MAX_LENGTH } from "../../src/domain/registry";

/** Editable fields; on an update an absent field stays as it is and empty text clears it. */
const postFields = z.object({
  content: rawText(POST_CONTENT_MAX_LENGTH).optional(),
  mood: rawText(POST_MOOD_MAX_LENGTH).optional(),
  location: rawText(LOCATION_MAX_LENGTH).optional(),
  link: z.string().max(REGISTRY_URL_MAX_LENGTH).optional(),
  photoIds: z.array(z.uuid()).max(POST_MAX_PHOTOS).optional(),
  /** A level, or the groups it should reach (core spec 7 allows either); the level wins when both come. */
  privacyLevel: itemPrivacyLevelSchema.optional(),
  audienceGroups: z.array(guestPrivacyLevelSchema).max(GUEST_PRIVACY_LEVELS.length).optional(),
});

const postId = z.object({ postId: z.uuid() });

/**
 * The pregnancy's posts feed. Parents post (core spec 1 lists posts among the parents' tools and
 * gives guests "view shared updates"; no guest flag grants posting); everyone who may see a post
 * likes and comments on it; only its author edits or deletes it (core spec 6).
 */
export const postsRouter = router({
  /** Newest first; `cursor` (from the previous page's nextCursor) is what tRPC's infinite queries send. */
  list: participantProcedure
    .input(z.object({ cursor: z.string().refine(isFeedCursor, "Invalid cursor").nullish(), limit: z.number().int().min(1).max(POST_PAGE_SIZE).optional() }))
    .query(({ ctx, input }) => listPosts(ctx.caller, input)),

  /** `id` is made by the client, so a retried create returns the same post instead of a second one. */
  create: parentProcedure
    .input(postFields.extend({ id: z.uuid(), content: rawText(POST_CONTENT_MAX_LENGTH) }))
    .mutation(({ ctx, input }) => createPost(ctx.caller, input)),

  update: participantProcedure.input(postFields.extend(postId.shape)).mutation(({ ctx, input }) => updatePost(ctx.caller, input)),

  delete: participantProcedure.input(postId).mutation(({ ctx, input }) => deletePost(ctx.caller, input.postId)),

  likes: router({
    /** Sets the caller's like to the wanted state, so a retried toggle never flips it back. */
    toggle: participantProcedure.input(postId.extend({ liked: z.boolean() })).mutation(({ ctx, input }) => setLike(ctx.caller, input)),
  }),

  comments: router({
    /** `cursor` is the offset of the page of top-level comments. */
    list: participantProcedure
      .input(postId.extend({ cursor: z.number().int().min(0).default(0) }))
      .query(({ ctx, input }) => listComments(ctx.caller, input)),

    /** A comment, or with parentCommentId a reply to a top-level comment; idempotent by the client's id like posts. */
    add: participantProcedure
      .input(postId.extend({ id: z.uuid(), content: rawText(COMMENT_MAX_LENGTH), parentCommentId: z.uuid().optional() }))
      .mutation(({ ctx, input }) => addComment(ctx.caller, input)),
  }),
});
