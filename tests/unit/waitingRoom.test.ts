import { describe, expect, it } from "vitest";
import { activationResultText, birthsSoFar, babyHereBanner, babyHereNotice, birthHeadline, birthNews, falseAlarmNotice, formatClosingTime, formatCountdown, waitingRoomActivation, waitingRoomState } from "../../src/domain/waitingRoom";
import { missedBeforeJoining, ROOM_CLOCK_MARGIN_MS } from "../../src/domain/pregnancyRoom";

/** The parents' zone: a time of birth is their wall clock, named for readers elsewhere. */
const CHICAGO = "America/Chicago";
const session = { isActive: true, isFalseAlarm: false, isBabyHere: false };

describe("waiting room state", () => {
  it("follows the latest session", () => {
    expect(waitingRoomState(undefined)).toBe("inactive");
    expect(waitingRoomState({ ...session, isActive: false, isFalseAlarm: true })).toBe("inactive");
    expect(waitingRoomState(session)).toBe("active");
    expect(waitingRoomState({ ...session, isFalseAlarm: true })).toBe("false-alarm");
    expect(waitingRoomState({ ...session, isFalseAlarm: true, isBabyHere: true })).toBe("baby-here");
  });
});

describe("system notices", () => {
  const at = new Date("2026-11-22T20:45:00Z");

  it("name the closing time in the caller's time zone, UTC when the zone is unknown", () => {
    expect(formatClosingTime(at, "America/New_York")).toBe("3:45 PM New York time");
    expect(formatClosingTime(at, "UTC")).toBe("8:45 PM UTC");
    expect(formatClosingTime(at, "Not/AZone")).toBe("8:45 PM UTC");
    expect(falseAlarmNotice("3:45 PM")).toBe("False alarm! The waiting room will close at 3:45 PM.");
  });

  it("tell what the parents shared about the baby", () => {
    expect(babyHereNotice({ name: "Lily", time: "15:45:00", weightPounds: 7.125, timeZone: CHICAGO }, "7:45 PM")).toBe("The baby is here! Lily arrived at 3:45 PM Chicago time weighing 7 lb 2 oz (3.2 kg). The waiting room will close at 7:45 PM.");
    expect(babyHereNotice({ name: "Lily", weightPounds: 7.5, lengthInches: 19.69, measurementSystem: "metric", timeZone: CHICAGO }, "7:45 PM")).toBe("The baby is here! Lily arrived weighing 3.4 kg (7 lb 8 oz) and measuring 50 cm (19.69 in). The waiting room will close at 7:45 PM.");
    expect(babyHereNotice({ lengthInches: 20, timeZone: CHICAGO }, "7:45 PM")).toBe("The baby is here! Measuring 20 in (50.8 cm). The waiting room will close at 7:45 PM.");
    expect(babyHereNotice({ timeZone: CHICAGO }, "7:45 PM")).toBe("The baby is here! The waiting room will close at 7:45 PM.");
  });

  it("say the sex only when the parents share it", () => {
    expect(babyHereNotice({ name: "Lily", sex: "girl", time: "15:45:00", timeZone: CHICAGO }, "7:45 PM")).toBe("The baby is here! Lily, a girl, arrived at 3:45 PM Chicago time. The waiting room will close at 7:45 PM.");
    expect(babyHereNotice({ sex: "boy", weightPounds: 8, timeZone: CHICAGO }, "7:45 PM")).toBe("The baby is here! A boy arrived weighing 8 lb 0 oz (3.6 kg). The waiting room will close at 7:45 PM.");
  });

  it("name each twin as they arrive, with the details in both units, the parent's first", () => {
    const first = babyHereNotice({ name: "Bean", sex: "girl", time: "22:05:00", weightPounds: 5.5, lengthInches: 18, measurementSystem: "metric", timeZone: CHICAGO }, "2:05 AM", { expected: 2, arrivedBefore: [] });
    expect(first).toBe("Bean is here! Bean, a girl, arrived at 10:05 PM Chicago time weighing 2.5 kg (5 lb 8 oz) and measuring 45.7 cm (18 in). One more baby to come. The waiting room will close at 2:05 AM.");
    const second = babyHereNotice({ name: "Sprout", time: "22:31:00", weightPounds: 5.25, timeZone: CHICAGO }, "2:31 AM", { expected: 2, arrivedBefore: ["Bean"] });
    expect(second).toBe("Sprout is here too! Sprout arrived at 10:31 PM Chicago time weighing 5 lb 4 oz (2.4 kg). Bean and Sprout are both here. The waiting room will close at 2:31 AM.");
    expect(second).not.toContain("little one");
    expect(birthHeadline("Bean", { expected: 3, arrivedBefore: [] })).toBe("Bean is here!");
    expect(babyHereNotice({ name: "Cy", timeZone: CHICAGO }, "1:00 AM", { expected: 3, arrivedBefore: [] })).toBe("Cy is here! 2 more babies to come. The waiting room will close at 1:00 AM.");
    expect(babyHereNotice({ name: "Cy", timeZone: CHICAGO }, "1:00 AM", { expected: 3, arrivedBefore: ["Ada", "Bea"] })).toBe("Cy is here too! Ada, Bea, and Cy are all here. The waiting room will close at 1:00 AM.");
    expect(birthHeadline(undefined)).toBe("The baby is here!");
  });
});

describe("the room opening", () => {
  const twins = (bean: boolean, sprout: boolean, sproutName = "Sprout") => [
    { name: "Bean", birthOrder: 1, born: bean },
    { name: sproutName, birthOrder: 2, born: sprout },
  ];

  it("is the way to the hospital before any birth", () => {
    expect(waitingRoomActivation("The Parkers", twins(false, false))).toEqual({ headline: "Heading to the hospital!", notice: "The Parkers: we are heading to the hospital! The waiting room is open." });
    expect(waitingRoomActivation("The Parkers", [])).toEqual({ headline: "Heading to the hospital!", notice: "The Parkers: we are heading to the hospital! The waiting room is open." });
  });

  it("after one twin is here, is the parents back for the babies still expected, named when they have names", () => {
    expect(waitingRoomActivation("The Parkers", twins(true, false))).toEqual({ headline: "Back in the waiting room", notice: "The Parkers: Bean is here, and we are back in the waiting room for Sprout!" });
    expect(waitingRoomActivation("The Parkers", twins(true, false, "Baby 2")).notice).toBe("The Parkers: Bean is here, and we are back in the waiting room for the next baby!");
    const triplets = [{ name: "Baby 1", birthOrder: 1, born: true }, ...twins(false, false).map((baby) => ({ ...baby, birthOrder: baby.birthOrder + 1 }))];
    expect(waitingRoomActivation("The Parkers", triplets).notice).toBe("The Parkers: one baby is here, and we are back in the waiting room for Bean and Sprout!");
    expect(waitingRoomActivation("The Parkers", [...triplets, { name: "Baby 4", birthOrder: 4, born: false }]).notice).toBe("The Parkers: one baby is here, and we are back in the waiting room for the babies still to come!");
  });

  it("with every baby here, is the room open again, never the hospital", () => {
    const opening = waitingRoomActivation("The Parkers", twins(true, true));
    expect(opening).toEqual({ headline: "The waiting room is open again", notice: "The Parkers: the waiting room is open again." });
    expect(Object.values(opening).join(" ")).not.toMatch(/hospital/i);
  });
});

describe("the digest's birth news", () => {
  it("says who is here, then each baby's details, without repeating a bare name", () => {
    expect(birthNews([{ name: "Bean", sex: "girl", weightPounds: 5.5, measurementSystem: "metric", timeZone: CHICAGO }, { name: "Sprout", timeZone: CHICAGO }])).toEqual(["Bean and Sprout are here!", "Bean, a girl, arrived weighing 2.5 kg (5 lb 8 oz)."]);
    expect(birthNews([{ name: "Lily", time: "15:45:00", timeZone: CHICAGO }])).toEqual(["Lily is here!", "Lily arrived at 3:45 PM Chicago time."]);
    expect(birthNews([{ name: "Lily", time: "15:45:00", timeZone: "UTC" }])).toEqual(["Lily is here!", "Lily arrived at 3:45 PM UTC."]);
  });
});

describe("the baby-here banner", () => {
  it("names the babies who arrived, not 'little one', once the room knows them", () => {
    expect(babyHereBanner([{ name: "Bean", born: true }])).toEqual({ title: "The baby is here!", guest: "Welcome to the world, Bean! The waiting room closes by itself." });
    expect(babyHereBanner([])).toEqual({ title: "The baby is here!", guest: "Welcome to the world, little one! The waiting room closes by itself." });
    const twins = [
      { name: "Bean", born: true },
      { name: "Sprout", born: false },
    ];
    expect(babyHereBanner(twins)).toEqual({ title: "Bean is here!", guest: "Welcome to the world, Bean! The waiting room closes by itself." });
    expect(babyHereBanner(twins.map((baby) => ({ ...baby, born: true })))).toEqual({ title: "The babies are here!", guest: "Welcome to the world, Bean and Sprout! The waiting room closes by itself." });
  });
});

describe("auto-close countdown", () => {
  it("reads h:mm:ss, then m:ss under an hour, and stops at 0:00", () => {
    expect(formatCountdown(2 * 3_600_000)).toBe("2:00:00");
    expect(formatCountdown(2 * 3_600_000 - 1_500)).toBe("1:59:59");
    expect(formatCountdown(61_000)).toBe("1:01");
    expect(formatCountdown(400)).toBe("0:01");
    expect(formatCountdown(-5_000)).toBe("0:00");
  });
});

describe("activationResultText", () => {
  it("counts who was told, in the singular and the plural", () => {
    expect(activationResultText({ told: 1, guests: 3 })).toBe("The waiting room is open. 1 person was told.");
    expect(activationResultText({ told: 4, guests: 5 })).toBe("The waiting room is open. 4 people were told.");
  });

  it("says why nobody was told: no guests yet, or none receiving updates", () => {
    expect(activationResultText({ told: 0, guests: 0 })).toMatch(/Nobody is invited yet/);
    expect(activationResultText({ told: 0, guests: 2 })).toBe("The waiting room is open. None of your guests receive updates, so nobody was told.");
  });

  it("an activation that found the room open told nobody again", () => {
    expect(activationResultText(null)).toBe("The waiting room was already open.");
  });
});

describe("the births so far", () => {
  it("none before a birth, some while a twin is still expected, all once every baby is here", () => {
    expect(birthsSoFar([])).toBe("none");
    expect(birthsSoFar([false, false])).toBe("none");
    expect(birthsSoFar([true, false])).toBe("some");
    expect(birthsSoFar([true, true])).toBe("all");
  });
});

describe("missedBeforeJoining (a page's reads against the room's last event before its socket joined)", () => {
  const readAt = Date.parse("2026-11-29T10:00:00Z");
  it("reads nothing again when the room never announced anything or only well before the read", () => {
    expect(missedBeforeJoining(null, readAt)).toBe(false);
    expect(missedBeforeJoining(readAt - ROOM_CLOCK_MARGIN_MS - 1, readAt)).toBe(false);
  });
  it("reads again when the last event came after the read or within the clocks' margin before it", () => {
    expect(missedBeforeJoining(readAt + 1, readAt)).toBe(true);
    expect(missedBeforeJoining(readAt - ROOM_CLOCK_MARGIN_MS + 1, readAt)).toBe(true);
  });
});
