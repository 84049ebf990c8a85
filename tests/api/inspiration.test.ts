import { describe, expect, it } from "vitest";
import { INSPIRATION_TEMPLATES } from "../../src/domain/inspiration";
import { ApiClient } from "../support/client";
import { baseUrl } from "../support/env";
import { signUp } from "../support/families";

const [mirror, scan] = INSPIRATION_TEMPLATES.map((t) => t.id);
const tomato = "week-12-tomato";

describe("favourite inspiration ideas", () => {
  it("set the wanted state, however often it is sent, and list it back", async () => {
    const { client } = await signUp("favourites");
    const favorites = client.trpc.inspiration.favorites;
    expect(await favorites.list.query()).toEqual([]);

    expect(await favorites.toggle.mutate({ templateId: tomato, favorite: true })).toEqual({ templateId: tomato, favorite: true });
    expect(await favorites.toggle.mutate({ templateId: tomato, favorite: true })).toEqual({ templateId: tomato, favorite: true });
    await favorites.toggle.mutate({ templateId: mirror!, favorite: true });
    expect(await favorites.list.query()).toEqual([tomato, mirror]);

    expect(await favorites.toggle.mutate({ templateId: tomato, favorite: false })).toEqual({ templateId: tomato, favorite: false });
    expect(await favorites.toggle.mutate({ templateId: tomato, favorite: false })).toEqual({ templateId: tomato, favorite: false });
    // Un-favouriting one that never was a favourite changes nothing either.
    await favorites.toggle.mutate({ templateId: scan!, favorite: false });
    expect(await favorites.list.query()).toEqual([mirror]);
  });

  it("refuse an idea that is not in the gallery", async () => {
    const { client } = await signUp("favunknown");
    for (const templateId of ["week-41-watermelon", "", "x".repeat(500)]) {
      await expect(client.trpc.inspiration.favorites.toggle.mutate({ templateId, favorite: true })).rejects.toMatchObject({ data: { code: "BAD_REQUEST" } });
    }
    expect(await client.trpc.inspiration.favorites.list.query()).toEqual([]);
  });

  it("belong to one user: another user's list and toggles do not touch them", async () => {
    const [first, second] = await Promise.all([signUp("favfirst"), signUp("favsecond")]);
    await first.client.trpc.inspiration.favorites.toggle.mutate({ templateId: tomato, favorite: true });
    expect(await second.client.trpc.inspiration.favorites.list.query()).toEqual([]);

    await second.client.trpc.inspiration.favorites.toggle.mutate({ templateId: tomato, favorite: true });
    await second.client.trpc.inspiration.favorites.toggle.mutate({ templateId: tomato, favorite: false });
    expect(await first.client.trpc.inspiration.favorites.list.query()).toEqual([tomato]);
    expect(await second.client.trpc.inspiration.favorites.list.query()).toEqual([]);
  });

  it("are refused to a signed-out caller", async () => {
    const anonymous = new ApiClient(baseUrl());
    await expect(anonymous.trpc.inspiration.favorites.list.query()).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
    await expect(anonymous.trpc.inspiration.favorites.toggle.mutate({ templateId: tomato, favorite: true })).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
  });
});
