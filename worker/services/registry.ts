import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import {
  normalizeRegistryUrl,
  REGISTRY_ERROR_MESSAGES,
  registryDescription,
  registryLimitError,
  type PresetRetailerKey,
  type RegistryErrorCode,
} from "../../src/domain/registry";
import { LOSS_ERRORS } from "../../src/domain/pregnancyLoss";
import { sanitizeTitle } from "../../src/domain/sanitize";
import type { Executor } from "../db";
import { pregnancies, registries, registrySuggestions, users } from "../db/schema";
import { tellFeed } from "../infra/rooms";
import type { PregnancyCaller } from "./caller";
import { AppError, assertInPregnancy } from "./errors";

const TRPC_CODES: Readonly<Record<RegistryErrorCode, AppError["code"]>> = {
  limit_exceeded_presets: "BAD_REQUEST",
  limit_exceeded_custom: "BAD_REQUEST",
  invalid_url: "BAD_REQUEST",
  not_authorized: "FORBIDDEN",
  not_found: "NOT_FOUND",
  invalid_registry_id: "BAD_REQUEST",
};

/** A refusal with the spec's registry code and text (core spec 8). */
export const registryError = (code: RegistryErrorCode) => new AppError(TRPC_CODES[code], code, REGISTRY_ERROR_MESSAGES[code]);

const invalid = (message: string) => new AppError("BAD_REQUEST", "VALIDATION_FAILED", message);

/** Every committed write tells the pregnancy's feed; each viewer reloads the registries they may see. */
const announce = (caller: PregnancyCaller) => caller.waitUntil(tellFeed(caller.env, caller.access.id, "registry"));

/** Empty text is stored as null, so "no description" reads the same however it was cleared. */
const orNull = (text: string) => text || null;

/** The stored URL (trimmed, https, at most 2048) or the spec's invalid_url. */
function storedUrl(input: string): string {
  const url = normalizeRegistryUrl(input);
  if (!url.ok) throw registryError(url.error);
  return url.value;
}

/** A plain-text name (tags stripped, cut with '...'); refused when nothing is left. */
function storedName(input: string): string {
  const name = sanitizeTitle(input);
  if (!name) throw invalid("Enter a name");
  return name;
}

// ---------------------------------------------------------------------------------------------
// Reading

const registryColumns = {
  id: registries.id,
  pregnancyId: registries.pregnancyId,
  name: registries.name,
  retailer: registries.retailer,
  url: registries.url,
  description: registries.description,
  isCustom: registries.isCustom,
  isVisible: registries.isVisible,
  displayOrder: registries.displayOrder,
  createdAt: registries.createdAt,
  updatedAt: registries.updatedAt,
  // The creator's name (core spec 3); null once their account is gone.
  creator: { firstName: users.firstName, lastName: users.lastName },
};

/**
 * The pregnancy's registries by display_order then created_at, with their creators' names (core
 * spec 7). Those who manage the registry (the parents) see hidden ones too; everyone else only
 * the visible ones.
 */
export async function listRegistries(caller: PregnancyCaller) {
  const { access } = caller;
  return caller.db
    .select(registryColumns)
    .from(registries)
    .leftJoin(users, eq(users.id, registries.createdBy))
    .where(and(eq(registries.pregnancyId, access.id), access.permissions.canManageRegistry ? undefined : eq(registries.isVisible, true)))
    .orderBy(asc(registries.displayOrder), asc(registries.createdAt));
}
export type RegistryView = Awaited<ReturnType<typeof listRegistries>>[number];

async function registryView(db: Executor, registryId: string): Promise<RegistryView> {
  const [row] = await db.select(registryColumns).from(registries).leftJoin(users, eq(users.id, registries.createdBy)).where(eq(registries.id, registryId));
  if (!row) throw registryError("not_found");
  return row;
}

/** A registry named in the input: not_found when there is none, PREGNANCY_ID_MISMATCH (audited) when it is another pregnancy's. */
async function registryOf(db: Executor, pregnancyId: string, registryId: string) {
  const [row] = await db.select({ id: registries.id, pregnancyId: registries.pregnancyId, isCustom: registries.isCustom }).from(registries).where(eq(registries.id, registryId));
  if (!row) throw registryError("not_found");
  return assertInPregnancy(row, pregnancyId, "Registry");
}

// ---------------------------------------------------------------------------------------------
// Writing

interface RegistryFields {
  name: string;
  url: string;
  description?: string | undefined;
  isVisible?: boolean | undefined;
  displayOrder?: number | undefined;
}

/** registry_create_or_update (core spec 7): a preset retailer's registry or a custom one; with `registryId` an update. */
export type RegistryInput = RegistryFields & ({ isCustom: false; retailer: PresetRetailerKey } | { isCustom: true }) & { registryId?: string | undefined };

/** Locks the pregnancy row: writes that count or order its registries run one at a time. */
async function lockPregnancy(tx: Executor, pregnancyId: string) {
  await tx.select({ id: pregnancies.id }).from(pregnancies).where(eq(pregnancies.id, pregnancyId)).for("update");
}

async function countsOf(tx: Executor, pregnancyId: string) {
  const [row] = await tx
    .select({
      presets: sql<number>`count(*) filter (where not ${registries.isCustom})::int`,
      custom: sql<number>`count(*) filter (where ${registries.isCustom})::int`,
      next: sql<number>`coalesce(max(${registries.displayOrder}) + 1, 0)::int`,
    })
    .from(registries)
    .where(eq(registries.pregnancyId, pregnancyId));
  return row ?? { presets: 0, custom: 0, next: 0 };
}

/**
 * Creates or updates a registry. The URL is trimmed, checked and stored as https, the description
 * cut to 500. The limits (10 preset retailers, 3 custom) are counted with the pregnancy row locked,
 * so two adds at once cannot both pass; an update counts only when it changes the kind. A new
 * registry goes to the end of the list unless an order is given.
 */
export async function saveRegistry(caller: PregnancyCaller, input: RegistryInput): Promise<RegistryView> {
  const pregnancyId = caller.access.id;
  const values = {
    name: storedName(input.name),
    retailer: input.isCustom ? null : input.retailer,
    url: storedUrl(input.url),
    isCustom: input.isCustom,
    ...(input.description === undefined ? {} : { description: orNull(registryDescription(input.description)) }),
    ...(input.isVisible === undefined ? {} : { isVisible: input.isVisible }),
    ...(input.displayOrder === undefined ? {} : { displayOrder: input.displayOrder }),
  };
  const id = await caller.db.transaction(async (tx) => {
    await lockPregnancy(tx, pregnancyId);
    const existing = input.registryId ? await registryOf(tx, pregnancyId, input.registryId) : null;
    const counts = await countsOf(tx, pregnancyId);
    if (existing?.isCustom !== input.isCustom) {
      const limit = registryLimitError(counts, input.isCustom);
      if (limit) throw registryError(limit);
    }
    if (existing) {
      await tx.update(registries).set(values).where(eq(registries.id, existing.id));
      return existing.id;
    }
    const [created] = await tx
      .insert(registries)
      .values({ displayOrder: counts.next, ...values, pregnancyId, createdBy: caller.user.id })
      .returning({ id: registries.id });
    if (!created) throw new Error("registry insert returned nothing");
    return created.id;
  });
  announce(caller);
  return registryView(caller.db, id);
}

/** registry_delete (core spec 7). */
export async function deleteRegistry(caller: PregnancyCaller, registryId: string) {
  await registryOf(caller.db, caller.access.id, registryId);
  await caller.db.delete(registries).where(eq(registries.id, registryId));
  announce(caller);
  return { deleted: true };
}

/** Shows a registry to guests or hides it from them (core spec 4). */
export async function setRegistryVisibility(caller: PregnancyCaller, { registryId, isVisible }: { registryId: string; isVisible: boolean }): Promise<RegistryView> {
  await registryOf(caller.db, caller.access.id, registryId);
  await caller.db.update(registries).set({ isVisible }).where(eq(registries.id, registryId));
  announce(caller);
  return registryView(caller.db, registryId);
}

/**
 * registry_reorder (core spec 4 and 7): display_order becomes each registry's position in `ids`,
 * in one transaction and one UPDATE. Any id that is not one of this pregnancy's registries refuses
 * the whole call with invalid_registry_id, and nothing changes. Registries the list does not name
 * (added meanwhile by someone else) follow it in their current order.
 */
export async function reorderRegistries(caller: PregnancyCaller, ids: readonly string[]) {
  const pregnancyId = caller.access.id;
  await caller.db.transaction(async (tx) => {
    await lockPregnancy(tx, pregnancyId);
    const current = await tx.select({ id: registries.id }).from(registries).where(eq(registries.pregnancyId, pregnancyId)).orderBy(asc(registries.displayOrder), asc(registries.createdAt));
    const known = new Set(current.map((row) => row.id));
    if (ids.some((id) => !known.has(id))) throw registryError("invalid_registry_id");
    const named = new Set(ids);
    const order = [...ids, ...current.map((row) => row.id).filter((id) => !named.has(id))];
    if (order.length === 0) return;
    const positions = sql.join(
      order.map((id, position) => sql`(${id}::uuid, ${position}::integer)`),
      sql`, `,
    );
    await tx
      .update(registries)
      .set({ displayOrder: sql`moved.position` })
      .from(sql`(values ${positions}) as moved(id, position)`)
      .where(and(eq(registries.pregnancyId, pregnancyId), eq(registries.id, sql`moved.id`)));
  });
  announce(caller);
  return listRegistries(caller);
}

// ---------------------------------------------------------------------------------------------
// Suggestions

export interface SuggestionInput {
  name: string;
  link?: string | undefined;
  note?: string | undefined;
}

/** A guest's idea for the registry: a name, an optional link (the registry URL rule) and a note (cut like a description). */
export async function suggestItem(caller: PregnancyCaller, input: SuggestionInput) {
  // After a loss (issue 38) nobody is asked for baby things any more.
  if (caller.access.endedInLoss) throw new AppError("FORBIDDEN", "PREGNANCY_ENDED", LOSS_ERRORS.pregnancyEnded);
  const link = input.link?.trim() ? storedUrl(input.link) : null;
  const [created] = await caller.db
    .insert(registrySuggestions)
    .values({ pregnancyId: caller.access.id, suggestedBy: caller.user.id, name: storedName(input.name), link, note: orNull(registryDescription(input.note ?? "")) })
    .returning();
  announce(caller);
  return created;
}

/** The suggestions the parents have not dismissed, newest first, with who made them; none shown after a loss (they stay stored for an undo). */
export async function listSuggestions(caller: PregnancyCaller) {
  if (caller.access.endedInLoss) return [];
  return caller.db
    .select({
      id: registrySuggestions.id,
      name: registrySuggestions.name,
      link: registrySuggestions.link,
      note: registrySuggestions.note,
      status: registrySuggestions.status,
      createdAt: registrySuggestions.createdAt,
      suggester: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(registrySuggestions)
    .innerJoin(users, eq(users.id, registrySuggestions.suggestedBy))
    .where(and(eq(registrySuggestions.pregnancyId, caller.access.id), ne(registrySuggestions.status, "dismissed")))
    .orderBy(desc(registrySuggestions.createdAt));
}

/** Accepting keeps the idea in the parents' list as accepted (adding it at the retailer is theirs to do); dismissing removes it from view. */
export async function answerSuggestion(caller: PregnancyCaller, { suggestionId, status }: { suggestionId: string; status: "accepted" | "dismissed" }) {
  const [row] = await caller.db.select({ pregnancyId: registrySuggestions.pregnancyId }).from(registrySuggestions).where(eq(registrySuggestions.id, suggestionId));
  assertInPregnancy(row, caller.access.id, "Suggestion");
  await caller.db.update(registrySuggestions).set({ status }).where(eq(registrySuggestions.id, suggestionId));
  announce(caller);
  return { id: suggestionId, status };
}
