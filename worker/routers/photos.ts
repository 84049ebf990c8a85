import { z } from "zod";
import { itemPrivacyLevelSchema } from "../../src/domain/audience";
import { guestTagIdsSchema, PHOTO_MAX_TAGS, PHOTO_PAGE_SIZE, PHOTO_TAG_MAX_LENGTH, photoDetailsSchema, photoWeekSchema } from "../../src/domain/photos";
import { participantProcedure, router } from "../trpc/init";
import { rawText } from "./inputs";
import {
  addComment,
  deletePhoto,
  listComments,
  listPhotos,
  PHOTO_CURSOR_PATTERN,
  photoFilters,
  photoStorage,
  setGuestTags,
  setLike,
  taggablePeople,
  updatePhoto,
} from "../services/photos";
import { COMMENT_MAX_LENGTH } from "../../src/domain/textLimits";

const photoId = z.uuid();
/** Raw text may carry markup that sanitising removes, so the input allows some room over the stored limit. */
const commentText = rawText(COMMENT_MAX_LENGTH);

/**
 * The photo album. Uploads go through POST /api/photos/:pregnancyId (multipart); everything else is
 * here. Every read shows only what the caller may see (audience rule in SQL); the uploader and the
 * parents edit, tag and delete; anyone who sees a photo may like and comment on it.
 */
export const photosRouter = router({
  /** A page of 50, newest first; `cursor` is what the previous page answered as nextCursor (tRPC infinite queries). */
  list: participantProcedure
    .input(
      z.object({
        week: photoWeekSchema.optional(),
        uploadedBy: z.string().min(1).max(100).optional(),
        privacyLevel: itemPrivacyLevelSchema.optional(),
        tags: z.array(z.string().max(PHOTO_TAG_MAX_LENGTH)).max(PHOTO_MAX_TAGS).optional(),
        cursor: z.string().regex(PHOTO_CURSOR_PATTERN).nullish(),
        limit: z.number().int().min(1).max(PHOTO_PAGE_SIZE).optional(),
      }),
    )
    .query(({ ctx, input }) => listPhotos(ctx.caller, input)),

  /** The weeks, uploaders, privacy levels and tags present among the photos the caller sees. */
  filters: participantProcedure.query(({ ctx }) => photoFilters(ctx.caller)),

  /** Photos used and the limit; `unlimited` from 999999. */
  storage: participantProcedure.query(({ ctx }) => photoStorage(ctx.caller)),

  /** Active participants who can be tagged on a photo. */
  people: participantProcedure.query(({ ctx }) => taggablePeople(ctx.caller)),

  update: participantProcedure.input(photoDetailsSchema.extend({ photoId })).mutation(({ ctx, input }) => updatePhoto(ctx.caller, input)),

  delete: participantProcedure.input(z.object({ photoId })).mutation(({ ctx, input }) => deletePhoto(ctx.caller, input.photoId)),

  likes: router({
    /** Sets the caller's like to the wanted state, so a retried toggle never flips it back. */
    toggle: participantProcedure.input(z.object({ photoId, liked: z.boolean() })).mutation(({ ctx, input }) => setLike(ctx.caller, input)),
  }),

  comments: router({
    list: participantProcedure.input(z.object({ photoId })).query(({ ctx, input }) => listComments(ctx.caller, input.photoId)),
    /** With the client's id, a comment sent again (its answer was lost) is stored once. */
    add: participantProcedure.input(z.object({ photoId, id: z.uuid().optional(), content: commentText })).mutation(({ ctx, input }) => addComment(ctx.caller, input)),
  }),

  guestTags: router({
    /** Replaces who is tagged (participants of this pregnancy only). */
    set: participantProcedure.input(z.object({ photoId, participantIds: guestTagIdsSchema })).mutation(({ ctx, input }) => setGuestTags(ctx.caller, input)),
  }),
});
