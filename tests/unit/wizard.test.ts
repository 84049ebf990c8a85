import { describe, expect, it } from "vitest";
import { FULL_WIZARD_STEPS, UPGRADE_WIZARD_STEPS, nextWizardStep, previousWizardStep, stepProgress, wizardProgress, wizardStepFrom } from "../../src/domain/wizard";

describe("parent wizard steps", () => {
  it("walks the eight steps with a partner", () => {
    const walked = [];
    for (let step: (typeof FULL_WIZARD_STEPS)[number] | null = "role"; step; step = nextWizardStep(FULL_WIZARD_STEPS, step, true)) walked.push(step);
    expect(walked).toEqual([...FULL_WIZARD_STEPS]);
  });

  it("skips partner details both ways without a partner", () => {
    expect(nextWizardStep(FULL_WIZARD_STEPS, "partner", false)).toBe("pregnancy");
    expect(previousWizardStep(FULL_WIZARD_STEPS, "pregnancy", false)).toBe("partner");
    expect(previousWizardStep(FULL_WIZARD_STEPS, "pregnancy", true)).toBe("partner-details");
    expect(nextWizardStep(UPGRADE_WIZARD_STEPS, "partner", false)).toBe("plan");
    expect(previousWizardStep(UPGRADE_WIZARD_STEPS, "plan", false)).toBe("partner");
  });

  it("has no step before the first or after the last", () => {
    expect(previousWizardStep(FULL_WIZARD_STEPS, "role", true)).toBeNull();
    expect(previousWizardStep(UPGRADE_WIZARD_STEPS, "pregnancy", true)).toBeNull();
    expect(nextWizardStep(FULL_WIZARD_STEPS, "payment", true)).toBeNull();
  });

  it("says 'Step X of N', running from 0% on the first step to 100% on the last; guests see two steps", () => {
    expect(wizardProgress(FULL_WIZARD_STEPS, "role")).toEqual({ number: 1, total: 8, percent: 0, label: "Step 1 of 8" });
    expect(wizardProgress(FULL_WIZARD_STEPS, "partner")).toEqual({ number: 4, total: 8, percent: 43, label: "Step 4 of 8" });
    expect(wizardProgress(FULL_WIZARD_STEPS, "role", "guest")).toEqual({ number: 1, total: 2, percent: 0, label: "Step 1 of 2" });
    expect(wizardProgress(FULL_WIZARD_STEPS, "payment").percent).toBe(100);
    expect(wizardProgress(UPGRADE_WIZARD_STEPS, "payment").percent).toBe(100);
  });

  it("setup reaches 100% only when the flow is done", () => {
    expect(stepProgress(4, 4).percent).toBe(75);
    expect(stepProgress(4, 4, true).percent).toBe(100);
    expect(wizardProgress(UPGRADE_WIZARD_STEPS, "payment").label).toBe("Step 5 of 5");
  });

  it("reads a step from the URL only when the flow has it", () => {
    expect(wizardStepFrom(FULL_WIZARD_STEPS, "plan")).toBe("plan");
    expect(wizardStepFrom(UPGRADE_WIZARD_STEPS, "role")).toBe("pregnancy");
    expect(wizardStepFrom(FULL_WIZARD_STEPS, 3)).toBe("role");
  });
});
