import { describe, expect, it } from "vitest";
import { DEMO_BIRTH_PLAN, DEMO_PACKED_BAG_ITEMS } from "../../scripts/demo-family";
import { addDays } from "../../src/domain/dates";
import { HOSPITAL_BAG_OWNERS } from "../../src/domain/enums";
import { answeredSections, BIRTH_PLAN_SECTIONS, BIRTH_PLAN_TEXT_MAX_LENGTH, birthPlanAnswersSchema, normalizeBirthPlanAnswers, parentNames } from "../../src/domain/birthPlan";
import { bagProgress, cleanBagItemName, HOSPITAL_BAG_DEFAULTS, HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH, packedProgress } from "../../src/domain/hospitalBag";
import { cleanHealthLog, groupLogsByWeek, HEALTH_LOG_SUGGESTIONS, healthLogInputSchema, healthLogsCsv, healthLogsFileName, healthLogWeek, isLocalDayOf, severityLabel, symptomsByWeek, type LoggedEntry } from "../../src/domain/healthLogs";
import { cleanMedicalContact, isPhoneNumber, mapsHref, mailtoHref, medicalContactSchema, sortMedicalContacts, telHref } from "../../src/domain/medicalContacts";
import { SYMPTOM_SEVERITY_MAX } from "../../src/domain/healthRecords";

const at = (iso: string) => new Date(iso);
const entry = (fields: Partial<LoggedEntry> & Pick<LoggedEntry, "name" | "loggedAt">): LoggedEntry => ({ kind: "symptom", severity: 3, notes: null, week: 20, ...fields });

describe("quick logs", () => {
  const base = { id: crypto.randomUUID(), name: "Heartburn", loggedAt: at("2026-03-02T21:30:00Z"), loggedOn: "2026-03-02" };

  it("need a severity from 1 to 5 for a symptom and none for a craving", () => {
    expect(healthLogInputSchema.safeParse({ ...base, kind: "symptom", severity: 4 }).success).toBe(true);
    for (const severity of [0, 6, 2.5]) expect(healthLogInputSchema.safeParse({ ...base, kind: "symptom", severity }).success, String(severity)).toBe(false);
    expect(healthLogInputSchema.safeParse({ ...base, kind: "symptom" }).success).toBe(false);
    const craving = healthLogInputSchema.parse({ ...base, kind: "craving", severity: 4 });
    expect(craving).not.toHaveProperty("severity");
  });

  it("need a name and a real id", () => {
    expect(healthLogInputSchema.safeParse({ ...base, kind: "craving", name: "   " }).success).toBe(false);
    expect(healthLogInputSchema.safeParse({ ...base, kind: "craving", id: "not-a-uuid" }).success).toBe(false);
  });

  it("accept the day of the moment in any time zone from UTC-12 to UTC+14, and no other", () => {
    const moment = at("2026-03-02T21:30:00Z");
    expect(isLocalDayOf(moment, "2026-03-02")).toBe(true);
    // 21:30 UTC is already 3 March east of UTC+2:30.
    expect(isLocalDayOf(moment, "2026-03-03")).toBe(true);
    expect(isLocalDayOf(moment, "2026-03-01")).toBe(false);
    expect(isLocalDayOf(moment, "2026-03-04")).toBe(false);
    // 05:00 UTC is still 1 March in Hawaii (UTC-10).
    expect(isLocalDayOf(at("2026-03-02T05:00:00Z"), "2026-03-01")).toBe(true);
  });

  it("belong to the pregnancy week of their day, counted from the LMP like calendar events", () => {
    const lmp = "2026-01-05";
    expect(healthLogWeek(lmp, lmp)).toBe(0);
    expect(healthLogWeek(addDays(lmp, 6), lmp)).toBe(0);
    expect(healthLogWeek(addDays(lmp, 7), lmp)).toBe(1);
    expect(healthLogWeek(addDays(lmp, 20 * 7 + 3), lmp)).toBe(20);
  });

  it("are stored as typed (trimmed), empty notes as none", () => {
    expect(cleanHealthLog({ name: " <b>Pickles</b> ", notes: "" })).toEqual({ name: "<b>Pickles</b>", notes: null });
    expect(cleanHealthLog({ name: "Nausea", notes: "Onion=2 & garlic <3 after breakfast" })).toEqual({ name: "Nausea", notes: "Onion=2 & garlic <3 after breakfast" });
  });

  it("offer common suggestions for both kinds, each once", () => {
    for (const list of Object.values(HEALTH_LOG_SUGGESTIONS)) {
      expect(list.length).toBeGreaterThanOrEqual(8);
      expect(new Set(list.map((s) => s.toLowerCase())).size).toBe(list.length);
    }
    expect(HEALTH_LOG_SUGGESTIONS.symptom).toContain("Nausea");
  });

  it("name each severity", () => {
    expect(severityLabel(1)).toBe("Very mild (1 of 5)");
    expect(severityLabel(SYMPTOM_SEVERITY_MAX)).toBe("Severe (5 of 5)");
  });
});

describe("the timeline by week", () => {
  it("puts the newest week first, the newest entry first within it, and entries without a week last", () => {
    const logs = [
      { id: "a", week: 20, loggedAt: at("2026-03-02T08:00:00Z") },
      { id: "b", week: 21, loggedAt: at("2026-03-09T08:00:00Z") },
      { id: "c", week: 20, loggedAt: at("2026-03-04T08:00:00Z") },
      { id: "d", week: null, loggedAt: at("2026-03-10T08:00:00Z") },
    ];
    expect(groupLogsByWeek(logs).map((g) => [g.week, g.logs.map((l) => l.id)])).toEqual([
      [21, ["b"]],
      [20, ["c", "a"]],
      [null, ["d"]],
    ]);
    expect(groupLogsByWeek([])).toEqual([]);
  });

  it("sums up symptoms per week for the provider: how often and how bad at worst, most frequent first", () => {
    const logs = [
      entry({ name: "Nausea", severity: 2, loggedAt: at("2026-03-02T08:00:00Z") }),
      entry({ name: "nausea", severity: 4, loggedAt: at("2026-03-03T08:00:00Z") }),
      entry({ name: "Headache", severity: 5, loggedAt: at("2026-03-03T09:00:00Z") }),
      entry({ name: "Backache", severity: 1, week: 21, loggedAt: at("2026-03-10T09:00:00Z") }),
      entry({ kind: "craving", name: "Pickles", severity: null, loggedAt: at("2026-03-03T10:00:00Z") }),
    ];
    expect(symptomsByWeek(logs)).toEqual([
      { week: 21, logs: [{ name: "Backache", count: 1, worst: 1 }] },
      {
        week: 20,
        logs: [
          { name: "nausea", count: 2, worst: 4 },
          { name: "Headache", count: 1, worst: 5 },
        ],
      },
    ]);
  });
});

describe("CSV export", () => {
  it("lists the logs oldest first with a header row, local dates and times, CRLF line ends", () => {
    const csv = healthLogsCsv(
      [
        entry({ name: "Heartburn", severity: 4, notes: "After dinner, lying down", loggedAt: at("2026-03-03T22:15:00Z"), week: 21 }),
        entry({ kind: "craving", name: "Pickles", severity: null, loggedAt: at("2026-03-01T09:05:00Z") }),
      ],
      "America/New_York",
    );
    expect(csv).toBe(["Date,Time,Week,Type,Name,Severity,Notes", "2026-03-01,04:05,20,Craving,Pickles,,", '2026-03-03,17:15,21,Symptom,Heartburn,4,"After dinner, lying down"', ""].join("\r\n"));
    expect(healthLogsCsv([], "UTC")).toBe("Date,Time,Week,Type,Name,Severity,Notes\r\n");
  });

  it("names the file after the kind and the day", () => {
    expect(healthLogsFileName("symptom", "2026-03-05")).toBe("symptoms-2026-03-05.csv");
    expect(healthLogsFileName("craving", "2026-03-05")).toBe("cravings-2026-03-05.csv");
  });
});

describe("birth plan", () => {
  const keys = BIRTH_PLAN_SECTIONS.flatMap((s) => s.questions.map((q) => q.key));

  it("guides through environment, pain relief, labour, delivery, after birth, feeding and special notes, with unique question keys", () => {
    expect(BIRTH_PLAN_SECTIONS.map((s) => s.title)).toEqual(["Environment", "Pain relief", "Labour", "Delivery", "After birth", "Feeding", "Special notes"]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const section of BIRTH_PLAN_SECTIONS) {
      for (const question of section.questions) {
        if (question.kind === "text") continue;
        const values = question.options.map((o) => o.value);
        expect(new Set(values).size, question.key).toBe(values.length);
        for (const value of values) expect(value).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      }
    }
  });

  it("accepts only known questions and their options, text within the limit", () => {
    expect(birthPlanAnswersSchema.safeParse({ birthPlace: "hospital", painMethods: ["massage", "epidural"], healthNotes: "Allergic to penicillin" }).success).toBe(true);
    expect(birthPlanAnswersSchema.safeParse({ birthPlace: "moon" }).success).toBe(false);
    expect(birthPlanAnswersSchema.safeParse({ painMethods: ["massage", "laughing-gas-party"] }).success).toBe(false);
    expect(birthPlanAnswersSchema.safeParse({ unknownQuestion: "x" }).success).toBe(false);
    expect(birthPlanAnswersSchema.safeParse({ otherNotes: "x".repeat(BIRTH_PLAN_TEXT_MAX_LENGTH + 1) }).success).toBe(false);
  });

  it("stores text as typed (trimmed), choices in the form's order without repeats, and leaves unanswered questions out", () => {
    expect(normalizeBirthPlanAnswers({ painMethods: ["epidural", "massage", "epidural"], birthPlace: "", atmosphere: [], otherNotes: "  <i>Music</i> please ", healthNotes: "   " })).toEqual({
      painMethods: ["massage", "epidural"],
      otherNotes: "<i>Music</i> please",
    });
  });

  it("reads old stored answers safely: unknown questions and options are dropped", () => {
    expect(normalizeBirthPlanAnswers({ retired: "yes", birthPlace: "moon", pushing: "no-preference", painMethods: "massage" })).toEqual({ pushing: "no-preference", painMethods: ["massage"] });
    expect(normalizeBirthPlanAnswers(null)).toEqual({});
    expect(normalizeBirthPlanAnswers("text")).toEqual({});
  });

  it("prints only answered sections, with the options' labels in the form's order", () => {
    const sections = answeredSections({ painMethods: ["epidural", "massage"], offerPainRelief: "please-wait-until-i-ask", otherNotes: "We would like photos" });
    expect(sections).toEqual([
      {
        key: "painRelief",
        title: "Pain relief",
        questions: [
          { key: "painMethods", label: "Methods I would like to use", values: ["Massage", "Epidural"], kind: "multiple" },
          { key: "offerPainRelief", label: "Offering pain relief", values: ["Please wait until I ask"], kind: "single" },
        ],
      },
      { key: "specialNotes", title: "Special notes", questions: [{ key: "otherNotes", label: "Anything else", values: ["We would like photos"], kind: "text" }] },
    ]);
    expect(answeredSections({})).toEqual([]);
  });

  it("holds the demo family's answers as the form stores them", () => {
    expect(normalizeBirthPlanAnswers(DEMO_BIRTH_PLAN)).toEqual(DEMO_BIRTH_PLAN);
  });

  it("is headed by the parents' names, sharing a last name once", () => {
    expect(parentNames([{ firstName: "Olivia", lastName: "Parker" }, { firstName: "Noah", lastName: "Parker" }])).toBe("Olivia and Noah Parker");
    expect(parentNames([{ firstName: "Olivia", lastName: "Parker" }, { firstName: "Sam", lastName: "Reed" }])).toBe("Olivia Parker and Sam Reed");
    expect(parentNames([{ firstName: "Olivia", lastName: "Parker" }])).toBe("Olivia Parker");
    expect(parentNames([])).toBe("");
  });
});

describe("hospital bag", () => {
  it("suggests items for each of the three lists, with unique stable keys, stored as they are", () => {
    for (const owner of HOSPITAL_BAG_OWNERS) expect(HOSPITAL_BAG_DEFAULTS.filter((i) => i.owner === owner).length, owner).toBeGreaterThanOrEqual(6);
    const keys = HOSPITAL_BAG_DEFAULTS.map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const item of HOSPITAL_BAG_DEFAULTS) {
      expect(item.key.startsWith(`${item.owner}-`)).toBe(true);
      expect(cleanBagItemName(item.name)).toBe(item.name);
    }
    expect(HOSPITAL_BAG_DEFAULTS.map((i) => i.name)).toContain("A rear-facing car seat, installed");
    for (const key of DEMO_PACKED_BAG_ITEMS) expect(keys, key).toContain(key);
  });

  it("trims item names and cuts them to the limit", () => {
    expect(cleanBagItemName(" Snacks <3 ")).toBe("Snacks <3");
    expect(cleanBagItemName("x".repeat(HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH + 10))).toHaveLength(HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH);
  });

  it("counts packed progress per list and overall, in whole percent", () => {
    const items = [
      { owner: "parent" as const, isPacked: true },
      { owner: "parent" as const, isPacked: false },
      { owner: "parent" as const, isPacked: false },
      { owner: "baby" as const, isPacked: true },
    ];
    expect(bagProgress(items)).toEqual({
      parent: { packed: 1, total: 3, percent: 33 },
      partner: { packed: 0, total: 0, percent: 0 },
      baby: { packed: 1, total: 1, percent: 100 },
      overall: { packed: 2, total: 4, percent: 50 },
    });
    expect(packedProgress([])).toEqual({ packed: 0, total: 0, percent: 0 });
  });
});

describe("medical contacts", () => {
  it("accept phone numbers as people write them, extensions included", () => {
    for (const phone of ["(555) 123-4567", "+44 20 7946 0958", "555.123.4567", "911", "555-0100 ext. 12", "555 0100 x12"]) expect(isPhoneNumber(phone), phone).toBe(true);
    for (const phone of ["call me", "12", "555-CALL", "+", "1-800-FLOWERS"]) expect(isPhoneNumber(phone), phone).toBe(false);
  });

  it("make a one-tap call link of the digits, with the extension after a pause", () => {
    expect(telHref("(555) 123-4567")).toBe("tel:5551234567");
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
    expect(telHref("555-0100 ext. 12")).toBe("tel:5550100,12");
  });

  it("make a directions link from the address and a mail link", () => {
    expect(mapsHref(" 1 Main St, Springfield & Co ")).toBe("https://www.google.com/maps/dir/?api=1&destination=1%20Main%20St%2C%20Springfield%20%26%20Co");
    expect(mailtoHref(" dr.lee@clinic.example ")).toBe("mailto:dr.lee@clinic.example");
  });

  it("validate the form: a name, a phone number and an email address when given", () => {
    expect(medicalContactSchema.safeParse({ kind: "provider", name: "Dr. Lee", phone: "", email: "", address: "" }).success).toBe(true);
    expect(medicalContactSchema.safeParse({ kind: "provider", name: " " }).success).toBe(false);
    expect(medicalContactSchema.safeParse({ kind: "doula", name: "Ana", phone: "call me" }).success).toBe(false);
    expect(medicalContactSchema.safeParse({ kind: "doula", name: "Ana", email: "ana@" }).success).toBe(false);
    expect(medicalContactSchema.safeParse({ kind: "dentist", name: "Ana" }).success).toBe(false);
  });

  it("store text as typed (trimmed) and empty fields as none", () => {
    expect(cleanMedicalContact({ kind: "hospital", name: " St. Mary's <Maternity> ", phone: " 555 0100 ", email: "", address: "1 Main St", notes: "" })).toEqual({
      kind: "hospital",
      name: "St. Mary's <Maternity>",
      phone: "555 0100",
      email: null,
      address: "1 Main St",
      notes: null,
    });
  });

  it("list the provider first, then hospital, doula, paediatrician and others, by name within each", () => {
    const contacts = [
      { kind: "other" as const, name: "Pharmacy" },
      { kind: "doula" as const, name: "Ana" },
      { kind: "provider" as const, name: "Dr. Lee" },
      { kind: "provider" as const, name: "Dr. Adams" },
      { kind: "hospital" as const, name: "City Hospital" },
    ];
    expect(sortMedicalContacts(contacts).map((c) => c.name)).toEqual(["Dr. Adams", "Dr. Lee", "City Hospital", "Ana", "Pharmacy"]);
  });
});
