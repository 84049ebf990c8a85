import { describe, expect, it } from "vitest";
import { type Contraction, CONTRACTION_MAX_MS, contractionRows, contractionSchema, contractionSessions, fiveOneOne, formatClock, formatSpan, KICK_SESSION_MAX_MS, kickHistoryByDay, kickSessionSchema, kickSessionStats, lastDays, mergeRecords, minutesOf, recentAverages, supplementsLeft, timeToTarget, vitaminStreak } from "../../src/domain/healthTrackers";
import { MS_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND } from "../../src/domain/units";

const T0 = Date.UTC(2026, 4, 4, 9, 0, 0);
const min = (m: number) => m * MS_PER_MINUTE;
const sec = (s: number) => s * MS_PER_SECOND;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Contractions every `everyMs`, each lasting `lastingMs`, from T0. */
function series(count: number, everyMs: number, lastingMs: number, from = T0): Contraction[] {
  return Array.from({ length: count }, (_, i) => ({ id: id(i + 1), startedAt: from + i * everyMs, endedAt: from + i * everyMs + lastingMs }));
}

describe("durations", () => {
  it("reads like a stopwatch, hours only when needed", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(sec(45))).toBe("0:45");
    expect(formatClock(sec(70))).toBe("1:10");
    expect(formatClock(sec(70) + 999)).toBe("1:10");
    expect(formatClock(min(62) + sec(3))).toBe("1:02:03");
    expect(formatClock(-5)).toBe("0:00");
  });

  it("writes spans in words for summaries", () => {
    expect(formatSpan(sec(45))).toBe("45 sec");
    expect(formatSpan(min(12))).toBe("12 min");
    expect(formatSpan(MS_PER_HOUR)).toBe("1 hr");
    expect(formatSpan(min(65))).toBe("1 hr 5 min");
  });
});

describe("vitamin streak", () => {
  const today = "2026-05-10";
  const both = [
    { id: "a", isActive: true, since: "2026-05-01" },
    { id: "b", isActive: true, since: "2026-05-01" },
  ];
  const dosesOn = (days: string[], ids = ["a", "b"]) => days.flatMap((day) => ids.map((supplementId) => ({ supplementId, takenOn: day })));

  it("counts consecutive days with every active supplement taken, today once everything is ticked", () => {
    const doses = dosesOn(["2026-05-07", "2026-05-08", "2026-05-09"]);
    expect(vitaminStreak(both, doses, today)).toBe(3);
    expect(vitaminStreak(both, [...doses, { supplementId: "a", takenOn: today }], today)).toBe(3);
    expect(vitaminStreak(both, [...doses, ...dosesOn([today])], today)).toBe(4);
  });

  it("breaks on a day with one supplement missed", () => {
    const doses = [...dosesOn(["2026-05-06", "2026-05-08", "2026-05-09"]), { supplementId: "a", takenOn: "2026-05-07" }];
    expect(vitaminStreak(both, doses, today)).toBe(2);
  });

  it("asks nothing of a paused supplement, nor of one before the day it was added", () => {
    const paused = [both[0]!, { ...both[1]!, isActive: false }];
    expect(vitaminStreak(paused, dosesOn(["2026-05-08", "2026-05-09"], ["a"]), today)).toBe(2);
    const addedYesterday = [both[0]!, { id: "c", isActive: true, since: "2026-05-09" }];
    const doses = [...dosesOn(["2026-05-07", "2026-05-08"], ["a"]), ...dosesOn(["2026-05-09"], ["a", "c"])];
    expect(vitaminStreak(addedYesterday, doses, today)).toBe(3);
  });

  it("is 0 without supplements or without yesterday", () => {
    expect(vitaminStreak([], [], today)).toBe(0);
    expect(vitaminStreak(both, dosesOn(["2026-05-08"]), today)).toBe(0);
  });

  it("lists what is left today: active supplements not yet ticked", () => {
    const supplements = [...both, { id: "p", isActive: false, since: "2026-05-01" }];
    expect(supplementsLeft(supplements, [{ supplementId: "a", takenOn: today }, { supplementId: "b", takenOn: "2026-05-09" }], today).map((s) => s.id)).toEqual(["b"]);
  });
});

describe("kick sessions", () => {
  const offsets = Array.from({ length: 12 }, (_, i) => sec(30) * (i + 1));

  it("times the first 10 movements", () => {
    expect(timeToTarget(offsets.slice(0, 9))).toBeNull();
    expect(timeToTarget(offsets)).toBe(sec(300));
    expect(kickSessionStats({ startedAt: T0, endedAt: T0 + min(7), kickOffsetsMs: offsets })).toEqual({ movements: 12, durationMs: min(7), timeToTargetMs: sec(300), tooFew: false });
  });

  it("warns after 2 hours without 10 movements, measuring an unfinished session up to now", () => {
    expect(kickSessionStats({ startedAt: T0, kickOffsetsMs: offsets.slice(0, 4) }, T0 + 2 * MS_PER_HOUR - 1).tooFew).toBe(false);
    expect(kickSessionStats({ startedAt: T0, kickOffsetsMs: offsets.slice(0, 4) }, T0 + 2 * MS_PER_HOUR)).toMatchObject({ tooFew: true, durationMs: 2 * MS_PER_HOUR });
    expect(kickSessionStats({ startedAt: T0, kickOffsetsMs: offsets }, T0 + 3 * MS_PER_HOUR).tooFew).toBe(false);
  });

  it("groups sessions by day, newest first, averaging the time to 10 of those that reached it", () => {
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const tenIn = (ms: number) => Array.from({ length: 10 }, (_, i) => Math.round((ms / 10) * (i + 1)));
    const days = kickHistoryByDay(
      [
        { startedAt: T0, kickOffsetsMs: tenIn(min(10)) },
        { startedAt: T0 + MS_PER_HOUR, kickOffsetsMs: tenIn(min(20)) },
        { startedAt: T0 + 2 * MS_PER_HOUR, kickOffsetsMs: [sec(10), sec(20)] },
        { startedAt: T0 - 24 * MS_PER_HOUR, kickOffsetsMs: [] },
      ],
      dayOf,
    );
    expect(days).toEqual([
      { day: "2026-05-04", sessions: 3, movements: 22, averageToTargetMs: min(15), shortSessions: 1 },
      { day: "2026-05-03", sessions: 1, movements: 0, averageToTargetMs: null, shortSessions: 1 },
    ]);
  });

  it("gives a chart the last days, oldest first", () => {
    expect(lastDays("2026-05-02", 3)).toEqual(["2026-04-30", "2026-05-01", "2026-05-02"]);
  });

  it("accepts a finished session only with its movements in order and inside it", () => {
    const session = { id: id(1), babyId: null, startedAt: T0, endedAt: T0 + min(10), kickOffsetsMs: [sec(5), sec(9)] };
    expect(kickSessionSchema.safeParse(session).success).toBe(true);
    expect(kickSessionSchema.safeParse({ ...session, kickOffsetsMs: [sec(9), sec(5)] }).success).toBe(false);
    expect(kickSessionSchema.safeParse({ ...session, kickOffsetsMs: [min(11)] }).success).toBe(false);
    expect(kickSessionSchema.safeParse({ ...session, endedAt: T0 - 1 }).success).toBe(false);
    expect(kickSessionSchema.safeParse({ ...session, endedAt: T0 + KICK_SESSION_MAX_MS + 1 }).success).toBe(false);
    expect(kickSessionSchema.safeParse({ ...session, id: "not-a-uuid" }).success).toBe(false);
  });
});

describe("contraction timer", () => {
  it("gives each contraction its duration and its interval from the previous start", () => {
    const rows = contractionRows([
      { id: id(2), startedAt: T0 + min(6), endedAt: T0 + min(6) + sec(50) },
      { id: id(1), startedAt: T0, endedAt: T0 + sec(45) },
    ]);
    expect(rows.map((r) => [r.id, r.durationMs, r.intervalMs])).toEqual([
      [id(1), sec(45), null],
      [id(2), sec(50), min(6)],
    ]);
  });

  it("starts a new session after a gap of more than an hour", () => {
    const rows = contractionRows([...series(3, min(10), sec(40)), ...series(2, min(8), sec(40), T0 + 3 * MS_PER_HOUR).map((c, i) => ({ ...c, id: id(10 + i) }))]);
    expect(rows.map((r) => r.intervalMs)).toEqual([null, min(10), min(10), null, min(8)]);
    expect(contractionSessions(rows).map((s) => s.length)).toEqual([3, 2]);
  });

  it("averages duration and interval over the contractions that started in the last hour", () => {
    const rows = contractionRows(series(20, min(5), sec(60)));
    const now = T0 + 19 * min(5) + sec(60);
    // Starts from now - 60 min onwards: minutes 36:00 ... 95:00 after T0, 12 of them.
    expect(recentAverages(rows, now)).toEqual({ count: 12, averageDurationMs: sec(60), averageIntervalMs: min(5) });
    expect(recentAverages([], now)).toEqual({ count: 0, averageDurationMs: null, averageIntervalMs: null });
  });

  describe("5-1-1 rule", () => {
    it("is met by contractions 5 minutes apart, lasting a minute, for an hour", () => {
      const rows = contractionRows(series(13, min(5), sec(70)));
      const last = rows.at(-1)!;
      expect(fiveOneOne(rows, last.endedAt)).toEqual({ met: true, patternMs: min(60) + sec(70), contractions: 13 });
    });

    it("is not met before the pattern has lasted an hour", () => {
      const rows = contractionRows(series(12, min(5), sec(70)));
      expect(fiveOneOne(rows, rows.at(-1)!.endedAt)).toEqual({ met: false, patternMs: min(55) + sec(70), contractions: 12 });
    });

    it("allows a tap a few seconds off ('about'), not more", () => {
      const near = contractionRows(series(13, min(5) + sec(8), sec(52)));
      expect(fiveOneOne(near, near.at(-1)!.endedAt).met).toBe(true);
      const apart = contractionRows(series(14, min(6), sec(70)));
      expect(fiveOneOne(apart, apart.at(-1)!.endedAt)).toMatchObject({ met: false, contractions: 0 });
      const short = contractionRows(series(13, min(5), sec(45)));
      expect(fiveOneOne(short, short.at(-1)!.endedAt).met).toBe(false);
    });

    it("counts only the run up to the latest contraction", () => {
      const early = series(13, min(10), sec(70));
      const start = early.at(-1)!.startedAt + min(5);
      const late = series(6, min(5), sec(70), start).map((c, i) => ({ ...c, id: id(100 + i) }));
      const rows = contractionRows([...early, ...late]);
      expect(fiveOneOne(rows, rows.at(-1)!.endedAt)).toEqual({ met: false, patternMs: min(30) + sec(70), contractions: 7 });
    });

    it("stops flagging an old session once its latest contraction is more than an hour ago", () => {
      const rows = contractionRows(series(13, min(5), sec(70)));
      const last = rows.at(-1)!;
      expect(fiveOneOne(rows, last.startedAt + MS_PER_HOUR).met).toBe(true);
      expect(fiveOneOne(rows, last.startedAt + MS_PER_HOUR + 1).met).toBe(false);
    });
  });

  it("accepts a finished contraction that ends after it starts, within an hour", () => {
    expect(contractionSchema.safeParse({ id: id(1), startedAt: T0, endedAt: T0 + sec(60) }).success).toBe(true);
    expect(contractionSchema.safeParse({ id: id(1), startedAt: T0, endedAt: T0 - 1 }).success).toBe(false);
    expect(contractionSchema.safeParse({ id: id(1), startedAt: T0, endedAt: T0 + CONTRACTION_MAX_MS + 1 }).success).toBe(false);
  });
});

describe("records on the device and the server", () => {
  it("merges by id, the device's copy winning, oldest first", () => {
    const server = [
      { id: "a", startedAt: 3, note: "server" },
      { id: "b", startedAt: 1, note: "server" },
    ];
    const device = [
      { id: "a", startedAt: 3, note: "device" },
      { id: "c", startedAt: 2, note: "device" },
    ];
    expect(mergeRecords(server, device)).toEqual([
      { id: "b", startedAt: 1, note: "server" },
      { id: "c", startedAt: 2, note: "device" },
      { id: "a", startedAt: 3, note: "device" },
    ]);
  });
});

describe("CSV export", () => {
  it("writes minutes with one decimal", () => {
    expect(minutesOf(sec(90))).toBe(1.5);
    expect(minutesOf(sec(100))).toBe(1.7);
  });
});
