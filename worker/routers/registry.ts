import { z } from "zod";
import { MAX_CUSTOM_REGISTRIES, MAX_PRESET_REGISTRIES, PRESET_RETAILER_KEYS, REGISTRY_DESCRIPTION_MAX_LENGTH, REGISTRY_URL_MAX_LENGTH } from "../../src/domain/registry";
import { flaggedProcedure, participantProcedure, router } from "../trpc/init";
import { audit } from "../services/errors";
import { rawText } from "./inputs";
import {
  answerSuggestion,
  deleteRegistry,
  listRegistries,
  listSuggestions,
  registryError,
  reorderRegistries,
  saveRegistry,
  setRegistryVisibility,
  suggestItem,
} from "../services/registry";
import { TITLE_MAX_LENGTH } from "../../src/domain/textLimits";

/**
 * Registry writes need canManageRegistry (parents have it). A participant without it gets the
 * spec's not_authorized (core spec 6 and 8), audited like any refusal; someone who is not a
 * participant at all is refused before this with ACCESS_DENIED.
 */
const manageProcedure = participantProcedure.meta({ access: "canManageRegistry", refusal: "not_authorized" }).use(({ ctx, next }) => {
  if (!ctx.pregnancy.permissions.canManageRegistry) {
    audit("ACCESS_DENIED", { flag: "canManageRegistry", userId: ctx.user.id, pregnancyId: ctx.pregnancy.id });
    throw registryError("not_authorized");
  }
  return next();
});

/** The URL and description are checked and cut on the server (invalid_url, 500), so the input leaves room over their limits. */
const registryFields = z.object({
  registryId: z.uuid().optional(),
  name: rawText(TITLE_MAX_LENGTH),
  url: rawText(REGISTRY_URL_MAX_LENGTH),
  description: rawText(REGISTRY_DESCRIPTION_MAX_LENGTH).optional(),
  /** Absent on an update: stays as it is; on a new registry: visible. */
  isVisible: z.boolean().optional(),
  /** Absent on a new registry: the end of the list. */
  displayOrder: z.number().int().min(0).optional(),
});

/** A preset names one of the preset retailers; a custom registry has none. */
const registryInput = z.discriminatedUnion("isCustom", [
  registryFields.extend({ isCustom: z.literal(false), retailer: z.enum(PRESET_RETAILER_KEYS) }),
  registryFields.extend({ isCustom: z.literal(true) }),
]);

const registryId = z.object({ registryId: z.uuid() });
const suggestionId = z.object({ suggestionId: z.uuid() });

export const registryRouter = router({
  /** Registries with their creators' names, by display_order then created_at; hidden ones only for those who manage them. */
  list: flaggedProcedure("canViewRegistry").query(({ ctx }) => listRegistries(ctx.caller)),

  /** registry_create_or_update (core spec 7). */
  createOrUpdate: manageProcedure.input(registryInput).mutation(({ ctx, input }) => saveRegistry(ctx.caller, input)),

  delete: manageProcedure.input(registryId).mutation(({ ctx, input }) => deleteRegistry(ctx.caller, input.registryId)),

  setVisibility: manageProcedure.input(registryId.extend({ isVisible: z.boolean() })).mutation(({ ctx, input }) => setRegistryVisibility(ctx.caller, input)),

  /** registry_reorder (core spec 7): the ids in their new order; display_order is each one's position. */
  reorder: manageProcedure
    .input(
      z.object({
        ids: z
          .array(z.uuid())
          .max(MAX_PRESET_REGISTRIES + MAX_CUSTOM_REGISTRIES)
          .refine((ids) => new Set(ids).size === ids.length, "Each registry appears once"),
      }),
    )
    .mutation(({ ctx, input }) => reorderRegistries(ctx.caller, input.ids)),

  /** Guests with canSuggestRegistryItems propose items; those who manage the registry accept or dismiss them. */
  suggestions: router({
    list: manageProcedure.query(({ ctx }) => listSuggestions(ctx.caller)),
    create: flaggedProcedure("canSuggestRegistryItems")
      .input(z.object({ name: rawText(TITLE_MAX_LENGTH), link: rawText(REGISTRY_URL_MAX_LENGTH).optional(), note: rawText(REGISTRY_DESCRIPTION_MAX_LENGTH).optional() }))
      .mutation(({ ctx, input }) => suggestItem(ctx.caller, input)),
    accept: manageProcedure.input(suggestionId).mutation(({ ctx, input }) => answerSuggestion(ctx.caller, { suggestionId: input.suggestionId, status: "accepted" })),
    dismiss: manageProcedure.input(suggestionId).mutation(({ ctx, input }) => answerSuggestion(ctx.caller, { suggestionId: input.suggestionId, status: "dismissed" })),
  }),
});
