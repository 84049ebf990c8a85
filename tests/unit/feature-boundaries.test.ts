import { describe, expect, it } from "vitest";
import { importGraph } from "../support/importGraph";

/**
 * A folder in src/features holds one area of the app. What several areas share goes in src/ui
 * (components) or src/lib (hooks and helpers), never in whichever feature built it first. One
 * feature may still use another where it shows that area's part or carries on the same flow. Each
 * such use is listed below with its reason. `from -> to` names the two feature folders (`*` means
 * any feature) and `files` the files of `to` that `from` may import, relative to its folder.
 */
const ALLOWED: Record<string, { files: readonly string[]; why: string }> = {
  "* -> pregnancy-context": {
    files: ["usePregnancyContext.ts", "useAppMode.ts", "currentPregnancy.ts", "PregnancyGate.tsx", "useFamilyTime.ts", "readOnly.tsx"],
    why: "every area works in the mode and pregnancy the user is in, and hides what its read-only state refuses; these files are that feature's face (its stores stay inside)",
  },
  "check-email -> auth": {
    files: ["VerifyEmailForm.tsx", "ForgotPasswordForm.tsx", "resendConfirmation.ts", "earlyAccess.ts", "flow.tsx", "messages.ts"],
    why: "/check-email and /email-confirmed are steps of auth's sign-up and reset flow: its code form, reset request, texts and early-access record",
  },
  "check-email -> onboarding": { files: ["onboardingData.ts"], why: "after checkout, the staged onboarding answers decide where sign-up continues" },
  "confirm-pregnancy -> onboarding": { files: ["onboardingData.ts", "WizardSteps.tsx"], why: "confirms the pregnancy the onboarding wizard staged, with the wizard's own labels" },
  "create-account -> auth": { files: ["VerifyEmailForm.tsx"], why: "account creation confirms the email with auth's code form" },
  "create-account -> onboarding": {
    files: ["onboardingData.ts", "WizardSteps.tsx", "PaymentStep.tsx", "PaymentCancelledNotice.tsx", "ReferralCodeField.tsx"],
    why: "account creation runs the onboarding wizard's plan, payment and referral steps on its answers",
  },
  "guest-signup -> auth": { files: ["VerifyEmailForm.tsx", "authErrors.ts", "flow.tsx", "messages.ts"], why: "guest sign-up is auth's sign-up with an invitation: its code form, errors, texts and flow" },
  "partners -> auth": { files: ["VerifyEmailForm.tsx", "authErrors.ts", "messages.ts", "resendConfirmation.ts"], why: "an invited partner signs up or in through auth's forms, errors and texts" },
  "onboarding -> auth": { files: ["SignUpForm.tsx"], why: "the wizard's sign-up is auth's sign-up form with a referral code field" },
  "shell -> auth": { files: ["flow.tsx", "useLogOut.ts"], why: "the app's root gives the auth forms their flow, and the sidebar has Log Out" },
  "shell -> health-trackers": {
    files: ["KickCounterPage.tsx", "ContractionTimerPage.tsx", "HealthToolLayout.tsx"],
    why: "started with no connection, the app's offline frame shows the kick counter and the contraction timer",
  },
  "shell -> modes": { files: ["ModeSwitch.tsx"], why: "the sidebar shows the Parent/Guest switch" },
  "dashboard -> calendar": { files: ["useCalendar.ts", "RsvpButtons.tsx"], why: "the dashboard lists the upcoming events with their RSVP buttons" },
  "dashboard -> modes": { files: ["GuestModeEmpty.tsx"], why: "in Guest mode without a guest pregnancy the dashboard says why it is empty and offers Parent mode back" },
  "dashboard -> data-export": { files: ["DataExportPanel.tsx"], why: "the owner's dashboard after cancelling shows the closed pregnancy with its download" },
  "dashboard -> posts": { files: ["PostsFeed.tsx"], why: "the dashboard shows the posts feed" },
  "settings -> auth": { files: ["LogOutButton.tsx"], why: "Settings ends with Log Out" },
  "settings -> calendar": { files: ["CalendarFeedSection.tsx"], why: "Settings shows the calendar's feed subscription" },
  "settings -> theme": { files: ["ThemeSettings.tsx"], why: "Settings shows the theme picker" },
  "settings -> data-export": { files: ["DataExportPanel.tsx"], why: "Settings offers the downloads, and the cancellation dialog offers the pregnancy's download first" },
  "setup-pregnancy -> settings": { files: ["inviteForm.tsx", "messages.ts"], why: "setup's invite step is Settings' guest invitation, same fields and words" },
  "posts -> photos": { files: ["album/albumPhoto.ts"], why: "the post composer attaches photos chosen from the album" },
};

const SHARED = ["src/ui/", "src/lib/"];
const featureOf = (file: string) => /^src\/features\/([^/]+)\//.exec(file)?.[1];

interface Crossing {
  edge: string;
  /** The allowlist key that covers it, if any. */
  key: string | undefined;
  file: string;
}

const { edges } = importGraph();
const crossings: Crossing[] = [];
const sharedImportsOfFeatures: string[] = [];
for (const [from, targets] of edges) {
  for (const to of targets) {
    const target = featureOf(to);
    if (!target) continue;
    if (SHARED.some((dir) => from.startsWith(dir))) sharedImportsOfFeatures.push(`${from} -> ${to}`);
    const source = featureOf(from);
    if (!source || source === target) continue;
    const file = to.slice(`src/features/${target}/`.length);
    const key = [`${source} -> ${target}`, `* -> ${target}`].find((candidate) => ALLOWED[candidate]?.files.includes(file));
    crossings.push({ edge: `${from} -> ${to}`, key, file });
  }
}

describe("feature boundaries", () => {
  it("reads the import graph", () => {
    expect(crossings.length).toBeGreaterThan(0);
  });

  it("keeps src/ui and src/lib free of feature imports", () => {
    expect(sharedImportsOfFeatures, "shared code importing a feature: move the piece it needs into src/ui or src/lib").toEqual([]);
  });

  it("allows an import across features only where the allowlist says why", () => {
    const unlisted = crossings.filter((crossing) => crossing.key === undefined).map((crossing) => crossing.edge);
    expect(unlisted, "a feature imports another's file: move a generic part to src/ui or src/lib, or list the composition in ALLOWED").toEqual([]);
  });

  it("lists no allowance that nothing uses", () => {
    const unused = Object.entries(ALLOWED).flatMap(([key, { files }]) =>
      files.filter((file) => !crossings.some((crossing) => crossing.key === key && crossing.file === file)).map((file) => `${key}: ${file}`),
    );
    expect(unused, "allowlist entries no import needs any more: remove them").toEqual([]);
  });

  it("gives every allowance a reason", () => {
    expect(Object.entries(ALLOWED).filter(([, { why }]) => why.trim() === "").map(([key]) => key)).toEqual([]);
  });
});
