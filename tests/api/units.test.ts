/**
 * Units (issue 23): each person's imperial or metric choice, and a metric guess stored exactly as
 * the imperial entry it equals, so the leaderboard scores it the same.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCentimetres, checkKilograms } from "../../src/domain/babyGame";
import { addDays, todayIso } from "../../src/domain/dates";
import { centimetresFromInches, formatBabyLength, formatBabyWeight, kilogramsFromWeight } from "../../src/domain/measurement";
import { babyPredictions, pregnancyBabies, userPreferences } from "../../worker/db/schema";
import { ApiClient } from "../support/client";
import { baseUrl, openTestDb } from "../support/env";
import { createOtherFamily } from "../support/families";
import { addGuest } from "../support/photos";

const { db, close } = openTestDb();
const due = addDays(todayIso(), 30);

type Guest = Awaited<ReturnType<typeof addGuest>>;
let family: Awaited<ReturnType<typeof createOtherFamily>>;
let metricPlayer: Guest;
let imperialPlayer: Guest;
let babyId: string;

beforeAll(async () => {
  family = await createOtherFamily();
  const [baby] = await db.insert(pregnancyBabies).values({ pregnancyId: family.pregnancyId, name: "Bean", birthOrder: 1 }).returning({ id: pregnancyBabies.id });
  babyId = baby!.id;
  [metricPlayer, imperialPlayer] = await Promise.all([addGuest(family.pregnancyId, "units-metric", "immediate-family"), addGuest(family.pregnancyId, "units-imperial", "immediate-family")]);
});

afterAll(async () => {
  await close();
});

const storedPreference = async (userId: string) => (await db.select({ system: userPreferences.measurementSystem }).from(userPreferences).where(eq(userPreferences.userId, userId)))[0]?.system ?? null;

describe("units: the person's choice", () => {
  it("starts unset (the browser's region decides), is saved for the caller only and comes back with the session", async () => {
    const { client, userId } = metricPlayer;
    expect((await client.trpc.account.session.query())?.measurementSystem).toBeNull();
    await expect(client.trpc.account.setMeasurementSystem.mutate({ measurementSystem: "metric" })).resolves.toEqual({ measurementSystem: "metric" });
    expect((await client.trpc.account.session.query())?.measurementSystem).toBe("metric");
    expect(await storedPreference(userId)).toBe("metric");
    // The caller's own row: nobody else's choice moves.
    expect((await imperialPlayer.client.trpc.account.session.query())?.measurementSystem).toBeNull();
    expect(await storedPreference(imperialPlayer.userId)).toBeNull();
  });

  it("refuses an unknown system and a signed-out caller", async () => {
    const { client, userId } = imperialPlayer;
    // A system the app does not know, sent as a crafted request would send it (the typed client would not).
    expect((await client.postJson("/api/trpc/account.setMeasurementSystem", { json: { measurementSystem: "cubits" } })).status).toBe(400);
    await expect(new ApiClient(baseUrl()).trpc.account.setMeasurementSystem.mutate({ measurementSystem: "metric" })).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
    expect(await storedPreference(userId)).toBeNull();
  });
});

describe("units: the baby game", () => {
  it("stores a metric guess of 3.4 kg / 50 cm as the pounds and inches an imperial player would enter, scored the same", async () => {
    await imperialPlayer.client.trpc.account.setMeasurementSystem.mutate({ measurementSystem: "imperial" });
    const kilograms = checkKilograms(3.4);
    const centimetres = checkCentimetres(50);
    if (!kilograms.ok || !centimetres.ok) throw new Error("3.4 kg and 50 cm are on the form's grid");
    // What the metric form sends: the server's input is unchanged (pounds, ounces, inches).
    expect(kilograms.value).toEqual({ weightPounds: 7, weightOunces: 8 });
    expect(centimetres.value).toBe(19.69);
    const guess = { date: due, time: "14:30" };
    await metricPlayer.client.trpc.babyGame.submit.mutate({ pregnancyId: family.pregnancyId, babyId, details: { ...guess, ...kilograms.value, length: centimetres.value } });
    await imperialPlayer.client.trpc.babyGame.submit.mutate({ pregnancyId: family.pregnancyId, babyId, details: { ...guess, weightPounds: 7, weightOunces: 8, length: 19.69 } });

    const stored = await db.select({ predictorId: babyPredictions.predictorId, weight: babyPredictions.predictedWeight, length: babyPredictions.predictedLength }).from(babyPredictions).where(eq(babyPredictions.babyId, babyId));
    const byPlayer = new Map(stored.map((row) => [row.predictorId, row]));
    const metric = byPlayer.get(metricPlayer.userId);
    const imperial = byPlayer.get(imperialPlayer.userId);
    expect(metric).toMatchObject({ weight: 7.5, length: 19.69 });
    expect(imperial).toMatchObject({ weight: metric?.weight, length: metric?.length });
    // Shown back: the metric player reads exactly what they typed, the imperial one pounds and ounces.
    expect(kilogramsFromWeight(metric!.weight!)).toBe(3.4);
    expect(centimetresFromInches(metric!.length!)).toBe(50);
    expect(formatBabyWeight(metric!.weight!, "imperial", "en-US")).toBe("7 lb 8 oz");
    expect(formatBabyLength(metric!.length!, "imperial", "en-US")).toBe("19.69 in");

    // What the guesses list gives each of them is the same stored guess.
    const seen = await imperialPlayer.client.trpc.babyGame.predictions.query({ pregnancyId: family.pregnancyId });
    const metricGuess = seen.predictions.find((p) => p.playerName === "Test units-metric");
    expect(metricGuess).toMatchObject({ weightPounds: 7, weightOunces: 8, length: 19.69 });

    await family.owner.trpc.babyGame.lock.mutate({ pregnancyId: family.pregnancyId, results: [{ babyId, details: { weightPounds: 7, weightOunces: 10, length: 20, date: due, time: "15:00" } }] });
    const board = await metricPlayer.client.trpc.babyGame.leaderboard.query({ pregnancyId: family.pregnancyId });
    const rows = new Map(board.overall.map((row) => [row.playerName, row]));
    // 2 oz light (18), 0.31 in short (19), on the day (20), 30 minutes early (19).
    expect(rows.get("Test units-metric")?.points).toEqual({ date: 20, time: 19, weight: 18, length: 19, hairColor: null, eyeColor: null, name: null });
    expect(rows.get("Test units-imperial")?.points).toEqual(rows.get("Test units-metric")?.points);
    expect(rows.get("Test units-imperial")?.total).toBe(rows.get("Test units-metric")?.total);
  });
});
