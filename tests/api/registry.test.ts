import { count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_REGISTRIES, DEMO_REGISTRY_SUGGESTIONS } from "../../scripts/demo-family";
import { seedDemoFamily } from "../../scripts/seed";
import { GUEST_DEFAULT_PERMISSIONS } from "../../src/domain/permissions";
import { MAX_CUSTOM_REGISTRIES, MAX_PRESET_REGISTRIES, PRESET_RETAILER_KEYS, REGISTRY_DESCRIPTION_MAX_LENGTH, REGISTRY_ERROR_MESSAGES, REGISTRY_URL_MAX_LENGTH, type RegistryErrorCode } from "../../src/domain/registry";
import { registries, registrySuggestions } from "../../worker/db/schema";
import type { ApiClient } from "../support/client";
import { openTestDb, signedInAs } from "../support/env";
import { createOtherFamily } from "../support/families";
import { addGuest } from "../support/photos";
import { connect, feedOf } from "../support/room";

type Family = Awaited<ReturnType<typeof createOtherFamily>>;
type Guest = Awaited<ReturnType<typeof addGuest>>;

const { db, close } = openTestDb();

/** The family whose registry most tests work on, its guest (default flags) and one of another family. */
let family: Family;
let guest: Guest;
let outsider: Family;

/** A refusal with the spec's registry code and its text, verbatim. */
const refusedWith = (code: RegistryErrorCode) => ({ data: { appCode: code }, message: REGISTRY_ERROR_MESSAGES[code] });
const preset = (f: Family, index: number, fields: Record<string, unknown> = {}) =>
  f.owner.trpc.registry.createOrUpdate.mutate({ pregnancyId: f.pregnancyId, name: `Preset ${index}`, retailer: PRESET_RETAILER_KEYS[index % PRESET_RETAILER_KEYS.length]!, url: `shop${index}.example.com/list`, isCustom: false, ...fields });
const custom = (f: Family, index: number, fields: Record<string, unknown> = {}) =>
  f.owner.trpc.registry.createOrUpdate.mutate({ pregnancyId: f.pregnancyId, name: `Custom ${index}`, url: `https://boutique${index}.example.com`, isCustom: true, ...fields });
const storedRegistries = (pregnancyId: string) => db.select().from(registries).where(eq(registries.pregnancyId, pregnancyId));
const listedNames = async (client: ApiClient, pregnancyId: string) => (await client.trpc.registry.list.query({ pregnancyId })).map((r) => r.name);

beforeAll(async () => {
  [family, outsider] = await Promise.all([createOtherFamily(), createOtherFamily()]);
  guest = await addGuest(family.pregnancyId, "registry-friend", "friends");
});

afterAll(async () => {
  await close();
});

describe("registry: limits", () => {
  it("allows the 10th preset retailer and refuses the 11th with limit_exceeded_presets", async () => {
    const f = await createOtherFamily();
    for (let i = 1; i < MAX_PRESET_REGISTRIES; i++) await preset(f, i);
    expect(await preset(f, MAX_PRESET_REGISTRIES)).toMatchObject({ name: `Preset ${MAX_PRESET_REGISTRIES}`, isCustom: false });
    await expect(preset(f, MAX_PRESET_REGISTRIES + 1)).rejects.toMatchObject(refusedWith("limit_exceeded_presets"));
    expect(await storedRegistries(f.pregnancyId)).toHaveLength(MAX_PRESET_REGISTRIES);

    // Custom registries are counted apart: the 3rd is allowed with 10 presets, the 4th refused.
    for (let i = 1; i < MAX_CUSTOM_REGISTRIES; i++) await custom(f, i);
    expect(await custom(f, MAX_CUSTOM_REGISTRIES)).toMatchObject({ isCustom: true, retailer: null });
    await expect(custom(f, MAX_CUSTOM_REGISTRIES + 1)).rejects.toMatchObject(refusedWith("limit_exceeded_custom"));

    // At both limits an update of the same kind is fine; turning a preset into a custom one counts.
    const [first] = await f.owner.trpc.registry.list.query({ pregnancyId: f.pregnancyId });
    expect(await preset(f, 1, { registryId: first!.id, name: "Renamed" })).toMatchObject({ id: first!.id, name: "Renamed" });
    await expect(custom(f, 9, { registryId: first!.id })).rejects.toMatchObject(refusedWith("limit_exceeded_custom"));
    const stored = await storedRegistries(f.pregnancyId);
    expect(stored.filter((r) => !r.isCustom)).toHaveLength(MAX_PRESET_REGISTRIES);
    expect(stored.filter((r) => r.isCustom)).toHaveLength(MAX_CUSTOM_REGISTRIES);
  });

  it("counts under a lock: adds sent at once never pass the limit together", async () => {
    const f = await createOtherFamily();
    for (let i = 1; i <= MAX_PRESET_REGISTRIES - 2; i++) await preset(f, i);
    const outcomes = await Promise.allSettled([11, 12, 13, 14].map((i) => preset(f, i)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(2);
    for (const outcome of outcomes.filter((o) => o.status === "rejected")) expect(outcome.reason).toMatchObject(refusedWith("limit_exceeded_presets"));
    expect(await storedRegistries(f.pregnancyId)).toHaveLength(MAX_PRESET_REGISTRIES);
  });
});

describe("registry: URL and description rules", () => {
  it("refuses 'ftp://x' with invalid_url and stores nothing", async () => {
    const f = await createOtherFamily();
    for (const url of ["ftp://x", "", "   ", "javascript:alert(1)", "https://"]) {
      await expect(custom(f, 1, { url }), url).rejects.toMatchObject(refusedWith("invalid_url"));
    }
    expect(await storedRegistries(f.pregnancyId)).toEqual([]);
  });

  it("trims, forces https and allows a stored URL of 2048 characters but not 2049", async () => {
    const f = await createOtherFamily();
    expect(await preset(f, 1, { url: "example.com" })).toMatchObject({ url: "https://example.com" });
    expect(await preset(f, 2, { url: "http://word" })).toMatchObject({ url: "https://word" });
    expect(await preset(f, 3, { url: "  HTTPS://babylist.com/list/ours  " })).toMatchObject({ url: "https://babylist.com/list/ours" });
    const base = "https://shop.example.com/";
    const longest = base + "a".repeat(REGISTRY_URL_MAX_LENGTH - base.length);
    expect((await preset(f, 4, { url: longest })).url).toHaveLength(REGISTRY_URL_MAX_LENGTH);
    await expect(preset(f, 5, { url: `${longest}a` })).rejects.toMatchObject(refusedWith("invalid_url"));
    expect((await storedRegistries(f.pregnancyId)).map((r) => r.url).sort()).toEqual(["https://babylist.com/list/ours", "https://example.com", "https://word", longest].sort());
  });

  it("cuts the description at 500 and keeps it and the name as typed", async () => {
    const f = await createOtherFamily();
    const saved = await custom(f, 1, { name: " Nursery list <3 ", description: `${"d".repeat(REGISTRY_DESCRIPTION_MAX_LENGTH)}overflow` });
    expect(saved.name).toBe("Nursery list <3");
    expect(saved.description).toBe("d".repeat(REGISTRY_DESCRIPTION_MAX_LENGTH));
    const exact = await custom(f, 2, { description: "e".repeat(REGISTRY_DESCRIPTION_MAX_LENGTH) });
    expect(exact.description).toHaveLength(REGISTRY_DESCRIPTION_MAX_LENGTH);
    expect((await custom(f, 1, { registryId: saved.id, description: "  " })).description).toBeNull();
  });

  it("refuses a preset without one of the preset retailers", async () => {
    await expect(
      family.owner.trpc.registry.createOrUpdate.mutate({ pregnancyId: family.pregnancyId, name: "Corner shop", retailer: "corner-shop" as "amazon", url: "corner.example.com", isCustom: false }),
    ).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
  });
});

describe("registry: who sees and who writes", () => {
  it("lists by display order with creators' names; guests see only the visible ones", async () => {
    const f = await createOtherFamily();
    const friend = await addGuest(f.pregnancyId, "registry-viewer", "acquaintances");
    const amazon = await preset(f, 0, { name: "Amazon list" });
    const hidden = await custom(f, 1, { name: "Secret list", isVisible: false });
    await custom(f, 2, { name: "Boutique list" });
    expect(amazon).toMatchObject({ displayOrder: 0, creator: { firstName: "Test", lastName: "otherfamily" }, isVisible: true });
    expect(hidden).toMatchObject({ displayOrder: 1, isVisible: false });

    expect(await listedNames(f.owner, f.pregnancyId)).toEqual(["Amazon list", "Secret list", "Boutique list"]);
    expect(await listedNames(friend.client, f.pregnancyId)).toEqual(["Amazon list", "Boutique list"]);

    // Showing it again is seen by the guest; hiding it takes it away.
    await f.owner.trpc.registry.setVisibility.mutate({ pregnancyId: f.pregnancyId, registryId: hidden.id, isVisible: true });
    expect(await listedNames(friend.client, f.pregnancyId)).toEqual(["Amazon list", "Secret list", "Boutique list"]);
    await f.owner.trpc.registry.setVisibility.mutate({ pregnancyId: f.pregnancyId, registryId: amazon.id, isVisible: false });
    expect(await listedNames(friend.client, f.pregnancyId)).toEqual(["Secret list", "Boutique list"]);
  });

  it("keeps the list from a guest without canViewRegistry and from another family", async () => {
    const blind = await addGuest(family.pregnancyId, "registry-blind", "immediate-family", { ...GUEST_DEFAULT_PERMISSIONS, canViewRegistry: false, canSuggestRegistryItems: false });
    await expect(blind.client.trpc.registry.list.query({ pregnancyId: family.pregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    await expect(outsider.owner.trpc.registry.list.query({ pregnancyId: family.pregnancyId })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
  });

  it("refuses every write of a guest with not_authorized and changes nothing", async () => {
    const registry = await custom(family, 1, { name: "Family list" });
    const scope = { pregnancyId: family.pregnancyId };
    const calls = [
      guest.client.trpc.registry.createOrUpdate.mutate({ ...scope, name: "Guest list", url: "guest.example.com", isCustom: true }),
      guest.client.trpc.registry.createOrUpdate.mutate({ ...scope, registryId: registry.id, name: "Hijacked", url: "evil.example.com", isCustom: true }),
      guest.client.trpc.registry.setVisibility.mutate({ ...scope, registryId: registry.id, isVisible: false }),
      guest.client.trpc.registry.reorder.mutate({ ...scope, ids: [registry.id] }),
      guest.client.trpc.registry.delete.mutate({ ...scope, registryId: registry.id }),
      guest.client.trpc.registry.suggestions.list.query(scope),
    ];
    for (const outcome of await Promise.allSettled(calls)) {
      expect(outcome.status).toBe("rejected");
      if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ data: { code: "FORBIDDEN", appCode: "not_authorized" }, message: REGISTRY_ERROR_MESSAGES.not_authorized });
    }
    const [stored] = await db.select().from(registries).where(eq(registries.id, registry.id));
    expect(stored).toMatchObject({ name: "Family list", url: "https://boutique1.example.com", isVisible: true });
    expect((await storedRegistries(family.pregnancyId)).map((r) => r.name)).not.toContain("Guest list");
  });

  it("lets a guest given canManageRegistry manage, hidden registries included", async () => {
    const f = await createOtherFamily();
    const helper = await addGuest(f.pregnancyId, "registry-helper", "immediate-family", { ...GUEST_DEFAULT_PERMISSIONS, canManageRegistry: true });
    const hidden = await custom(f, 1, { name: "Hidden list", isVisible: false });
    expect(await listedNames(helper.client, f.pregnancyId)).toEqual(["Hidden list"]);
    const added = await helper.client.trpc.registry.createOrUpdate.mutate({ pregnancyId: f.pregnancyId, name: "Helper's pick", retailer: "etsy", url: "etsy.com/registry/x", isCustom: false });
    expect(added.creator).toEqual({ firstName: "Test", lastName: "registry-helper" });
    await helper.client.trpc.registry.delete.mutate({ pregnancyId: f.pregnancyId, registryId: hidden.id });
    expect(await listedNames(f.owner, f.pregnancyId)).toEqual(["Helper's pick"]);
  });

  it("answers not_found for an unknown registry and keeps another family's registry out of reach", async () => {
    const theirs = await custom(outsider, 1, { name: "Their list" });
    const scope = { pregnancyId: family.pregnancyId };
    await expect(family.owner.trpc.registry.delete.mutate({ ...scope, registryId: crypto.randomUUID() })).rejects.toMatchObject({ data: { code: "NOT_FOUND", appCode: "not_found" }, message: REGISTRY_ERROR_MESSAGES.not_found });
    await expect(family.owner.trpc.registry.setVisibility.mutate({ ...scope, registryId: crypto.randomUUID(), isVisible: false })).rejects.toMatchObject(refusedWith("not_found"));
    await expect(family.owner.trpc.registry.delete.mutate({ ...scope, registryId: theirs.id })).rejects.toMatchObject({ data: { appCode: "PREGNANCY_ID_MISMATCH" } });
    await expect(family.owner.trpc.registry.createOrUpdate.mutate({ ...scope, registryId: theirs.id, name: "Taken", url: "x.example.com", isCustom: true })).rejects.toMatchObject({
      data: { appCode: "PREGNANCY_ID_MISMATCH" },
    });
    const [stored] = await db.select().from(registries).where(eq(registries.id, theirs.id));
    expect(stored).toMatchObject({ name: "Their list", pregnancyId: outsider.pregnancyId });
  });

  it("deletes a registry", async () => {
    const f = await createOtherFamily();
    const registry = await custom(f, 1);
    expect(await f.owner.trpc.registry.delete.mutate({ pregnancyId: f.pregnancyId, registryId: registry.id })).toEqual({ deleted: true });
    expect(await storedRegistries(f.pregnancyId)).toEqual([]);
  });
});

describe("registry: reorder", () => {
  it("sets display_order by position, in the order guests then see", async () => {
    const f = await createOtherFamily();
    const friend = await addGuest(f.pregnancyId, "registry-orderer", "friends");
    const [a, b, c] = [await preset(f, 0, { name: "A" }), await preset(f, 1, { name: "B" }), await custom(f, 2, { name: "C" })];
    const reordered = await f.owner.trpc.registry.reorder.mutate({ pregnancyId: f.pregnancyId, ids: [c.id, a.id, b.id] });
    expect(reordered.map((r) => [r.name, r.displayOrder])).toEqual([["C", 0], ["A", 1], ["B", 2]]);
    expect(await listedNames(friend.client, f.pregnancyId)).toEqual(["C", "A", "B"]);

    // A list that misses one (added meanwhile) puts it after the named ones.
    const d = await custom(f, 3, { name: "D" });
    expect(d.displayOrder).toBe(3);
    await f.owner.trpc.registry.reorder.mutate({ pregnancyId: f.pregnancyId, ids: [b.id, a.id, c.id] });
    expect(await listedNames(f.owner, f.pregnancyId)).toEqual(["B", "A", "C", "D"]);
  });

  it("refuses a list with another family's or an unknown id with invalid_registry_id, and changes nothing", async () => {
    const f = await createOtherFamily();
    const [a, b] = [await preset(f, 0, { name: "A" }), await preset(f, 1, { name: "B" })];
    const theirs = await custom(outsider, 2, { name: "Theirs" });
    for (const foreign of [theirs.id, crypto.randomUUID()]) {
      await expect(f.owner.trpc.registry.reorder.mutate({ pregnancyId: f.pregnancyId, ids: [b.id, foreign, a.id] })).rejects.toMatchObject(refusedWith("invalid_registry_id"));
    }
    const stored = await storedRegistries(f.pregnancyId);
    expect(Object.fromEntries(stored.map((r) => [r.name, r.displayOrder]))).toEqual({ A: 0, B: 1 });
    const [theirsStored] = await db.select().from(registries).where(eq(registries.id, theirs.id));
    expect(theirsStored?.displayOrder).toBe(theirs.displayOrder);
    await expect(f.owner.trpc.registry.reorder.mutate({ pregnancyId: f.pregnancyId, ids: [a.id, a.id] })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
  });

  it("tells the pregnancy's feed after a change", async () => {
    const feed = await connect(feedOf(family.pregnancyId), guest.client);
    try {
      await preset(family, 7, { name: "Live list" });
      await feed.next((m) => m.type === "event" && m.event.kind === "feed-changed" && m.event.area === "registry");
    } finally {
      feed.socket.close();
    }
  });
});

describe("registry: suggestions", () => {
  it("a guest suggests an item; the parents list it with who suggested it, accept it or dismiss it", async () => {
    const scope = { pregnancyId: family.pregnancyId };
    const stroller = await guest.client.trpc.registry.suggestions.create.mutate({ ...scope, name: "Jogging stroller", link: " babylist.com/stroller ", note: `Great for walks ${"!".repeat(600)}` });
    expect(stroller).toMatchObject({ name: "Jogging stroller", link: "https://babylist.com/stroller", status: "pending" });
    expect(stroller?.note).toHaveLength(REGISTRY_DESCRIPTION_MAX_LENGTH);
    const bibs = await guest.client.trpc.registry.suggestions.create.mutate({ ...scope, name: "Bibs" });
    expect(bibs).toMatchObject({ link: null, note: null });
    await expect(guest.client.trpc.registry.suggestions.create.mutate({ ...scope, name: "Bad link", link: "ftp://x" })).rejects.toMatchObject(refusedWith("invalid_url"));

    const listed = await family.owner.trpc.registry.suggestions.list.query(scope);
    expect(listed.map((s) => s.name)).toEqual(["Bibs", "Jogging stroller"]);
    expect(listed[1]).toMatchObject({ suggester: { firstName: "Test", lastName: "registry-friend" }, status: "pending" });

    await family.owner.trpc.registry.suggestions.accept.mutate({ ...scope, suggestionId: stroller!.id });
    await family.owner.trpc.registry.suggestions.dismiss.mutate({ ...scope, suggestionId: bibs!.id });
    expect((await family.owner.trpc.registry.suggestions.list.query(scope)).map((s) => [s.name, s.status])).toEqual([["Jogging stroller", "accepted"]]);
    const [dismissed] = await db.select().from(registrySuggestions).where(eq(registrySuggestions.id, bibs!.id));
    expect(dismissed?.status).toBe("dismissed");
  });

  it("refuses a guest without canSuggestRegistryItems, and answers to another family's suggestion", async () => {
    const quiet = await addGuest(family.pregnancyId, "registry-quiet", "friends", { ...GUEST_DEFAULT_PERMISSIONS, canSuggestRegistryItems: false });
    await expect(quiet.client.trpc.registry.suggestions.create.mutate({ pregnancyId: family.pregnancyId, name: "Blocks" })).rejects.toMatchObject({ data: { code: "FORBIDDEN", appCode: "ACCESS_DENIED" } });
    const theirs = await outsider.owner.trpc.registry.suggestions.create.mutate({ pregnancyId: outsider.pregnancyId, name: "Their idea" });
    await expect(family.owner.trpc.registry.suggestions.accept.mutate({ pregnancyId: family.pregnancyId, suggestionId: theirs!.id })).rejects.toMatchObject({ data: { appCode: "PREGNANCY_ID_MISMATCH" } });
    await expect(family.owner.trpc.registry.suggestions.dismiss.mutate({ pregnancyId: family.pregnancyId, suggestionId: crypto.randomUUID() })).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    const [stored] = await db.select().from(registrySuggestions).where(eq(registrySuggestions.id, theirs!.id));
    expect(stored?.status).toBe("pending");
  });
});

describe("the demo family's registry", () => {
  it("shows the parents their three registries in order and the guests' suggestions; guests see the two visible ones; seeding again adds nothing", async () => {
    const [olivia, grandma] = await Promise.all([signedInAs("olivia"), signedInAs("grandma")]);
    const pregnancyId = (await olivia.trpc.pregnancy.mine.query()).parentPregnancy!.id;
    const demoIds = new Set(DEMO_REGISTRIES.map((r) => r.id));
    const demoOf = async (client: ApiClient) => (await client.trpc.registry.list.query({ pregnancyId })).filter((r) => demoIds.has(r.id));

    const own = await demoOf(olivia);
    expect(own.map((r) => r.name)).toEqual(DEMO_REGISTRIES.map((r) => r.name));
    expect(own[0]).toMatchObject({ retailer: "amazon", isCustom: false, creator: { firstName: "Olivia", lastName: "Parker" } });
    expect(own[2]).toMatchObject({ retailer: null, isCustom: true, isVisible: false });
    expect((await demoOf(grandma)).map((r) => r.name)).toEqual(DEMO_REGISTRIES.filter((r) => r.isVisible).map((r) => r.name));

    const suggestions = (await olivia.trpc.registry.suggestions.list.query({ pregnancyId })).filter((s) => DEMO_REGISTRY_SUGGESTIONS.some((d) => d.id === s.id));
    expect(suggestions.map((s) => [s.name, s.suggester.firstName])).toEqual([
      ["Two baby carriers", "Maya"],
      ["Glider rocking chair", "Helen"],
    ]);

    const rows = async () => (await db.select({ n: count() }).from(registries).where(inArray(registries.id, [...demoIds])))[0]?.n;
    expect(await rows()).toBe(DEMO_REGISTRIES.length);
    expect(await seedDemoFamily(db)).toEqual({ seeded: false });
    expect(await rows()).toBe(DEMO_REGISTRIES.length);
  });
});
