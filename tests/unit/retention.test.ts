import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { addDays, addYears, readOnlyUntil } from "../../src/domain/dates";
import { AUTH_RATE_LIMITS, PROCEDURE_RATE_LIMITS, PUBLIC_RATE_LIMITS, SIGN_IN_THROTTLE } from "../../src/domain/rateLimits";
import { deletionDate, purgeStep, PURGE_WARNING_DAYS, RATE_LIMIT_ROW_TTL_MS, RETENTION_CRON } from "../../src/domain/retention";
import { MS_PER_DAY, MS_PER_SECOND } from "../../src/domain/units";

const serviceEnd = "2019-03-10";
const lastDay = readOnlyUntil(serviceEnd);
const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe("purgeStep", () => {
  it("keeps a pregnancy until the warning window opens, then warns once", () => {
    expect(purgeStep(serviceEnd, null, at(addDays(lastDay, -PURGE_WARNING_DAYS - 1)), addDays(lastDay, -PURGE_WARNING_DAYS - 1))).toBe("keep");
    expect(purgeStep(serviceEnd, null, at(addDays(lastDay, -PURGE_WARNING_DAYS)), addDays(lastDay, -PURGE_WARNING_DAYS))).toBe("warn");
  });

  it("deletes only after the read-only years and a full notice period", () => {
    const warnedOn = addDays(lastDay, -PURGE_WARNING_DAYS);
    expect(purgeStep(serviceEnd, at(warnedOn), at(lastDay), lastDay)).toBe("keep");
    expect(purgeStep(serviceEnd, at(warnedOn), at(addDays(lastDay, 1)), addDays(lastDay, 1))).toBe("delete");
  });

  it("warns a pregnancy found late (after an outage) and keeps it the full notice period", () => {
    const late = addDays(lastDay, 10);
    expect(purgeStep(serviceEnd, null, at(late), late)).toBe("warn");
    expect(purgeStep(serviceEnd, at(late), at(addDays(late, PURGE_WARNING_DAYS - 1)), addDays(late, PURGE_WARNING_DAYS - 1))).toBe("keep");
    expect(purgeStep(serviceEnd, at(late), at(addDays(late, PURGE_WARNING_DAYS)), addDays(late, PURGE_WARNING_DAYS))).toBe("delete");
    expect(deletionDate(serviceEnd, late)).toBe(addDays(late, PURGE_WARNING_DAYS));
    expect(deletionDate(serviceEnd, addDays(lastDay, -PURGE_WARNING_DAYS))).toBe(addDays(lastDay, 1));
  });

  it("counts the 7 read-only years from the service end", () => {
    expect(lastDay).toBe(addYears(serviceEnd, 7));
  });
});

describe("retention settings", () => {
  it("keeps rate-limit rows longer than any window reads them", () => {
    const windows = [AUTH_RATE_LIMITS, PUBLIC_RATE_LIMITS, PROCEDURE_RATE_LIMITS].flatMap((rules) => Object.values(rules).map((rule) => rule.window));
    for (const seconds of [...windows, SIGN_IN_THROTTLE.forgetAfterSeconds]) expect(RATE_LIMIT_ROW_TTL_MS).toBeGreaterThan(seconds * MS_PER_SECOND);
    expect(RATE_LIMIT_ROW_TTL_MS).toBeLessThanOrEqual(7 * MS_PER_DAY);
  });

  it("runs the job on a trigger wrangler.toml declares", () => {
    expect(readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8")).toContain(`"${RETENTION_CRON}"`);
  });
});
