import { readFile } from "node:fs/promises";
import { addDays, todayIso } from "../../src/domain/dates";
import { CSV_BOM } from "../../src/domain/csv";
import { familyWithGrandparent } from "./family";
import { expect, expectAccessible, signInThroughApi, test } from "./support";
import { HOSPITAL_BAG_DEFAULTS } from "../../src/domain/hospitalBag";

const DUE_DATE = () => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${addDays(todayIso(), 10)}T00:00:00Z`));
const countOf = (owner: string) => HOSPITAL_BAG_DEFAULTS.filter((item) => item.owner === owner).length;

test("the owner fills in part of the birth plan, and the print view shows it readably: their name, the due date, only the answered sections, no app chrome on paper", { tag: "@desktop" }, async ({ page, request, baseURL }, testInfo) => {
  const family = await familyWithGrandparent(request, baseURL!, "Birth Plan Family");
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/health/birth-plan");
  await expect(page.getByRole("heading", { name: "Birth Plan", level: 1 })).toBeVisible();
  await expect(page.getByText("0 of 7 sections answered")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("group", { name: "Where we plan to give birth" }).getByRole("radio", { name: "Birth centre" }).check();
  const methods = page.getByRole("group", { name: "Methods I would like to use" });
  await methods.getByRole("checkbox", { name: "Warm water or a birth pool" }).check();
  await methods.getByRole("checkbox", { name: "Massage" }).check();
  await page.getByRole("group", { name: "Offering pain relief" }).getByRole("radio", { name: "Please wait until I ask" }).check();
  await page.getByLabel("Health conditions, allergies and medications").fill("Allergic to penicillin.\nLow iron: taking supplements.");
  const saveState = page.getByRole("status").filter({ hasText: /saved|Saving/ });
  await expect(saveState).toHaveText(/Changes not saved yet|Saving/);
  await expect(saveState).toHaveText("All changes saved");
  await expect(page.getByText("3 of 7 sections answered")).toBeVisible();

  // The answers outlive a reload: they were saved as the parent went.
  await page.reload();
  await expect(page.getByRole("radio", { name: "Birth centre" })).toBeChecked();
  await expect(page.getByLabel("Health conditions, allergies and medications")).toHaveValue("Allergic to penicillin.\nLow iron: taking supplements.");

  await page.getByRole("link", { name: "Print view" }).click();
  await expect(page).toHaveURL(/\/health\/birth-plan\/print$/);
  const sheet = page.getByRole("article");
  await expect(sheet.getByRole("heading", { name: "Birth Plan", level: 1 })).toBeVisible();
  await expect(sheet).toContainText(family.owner.name);
  await expect(sheet).toContainText(`Due date: ${DUE_DATE()}`);
  await expect(sheet.getByRole("heading", { level: 2 })).toHaveText(["Environment", "Pain relief", "Special notes", "Symptoms by week"]);
  await expect(sheet.getByRole("definition").filter({ hasText: "Birth centre" })).toBeVisible();
  // Choices in the form's order, text as written.
  await expect(sheet.getByRole("listitem")).toHaveText(["Massage", "Warm water or a birth pool"]);
  await expect(sheet).toContainText("Please wait until I ask");
  await expect(sheet).toContainText("Low iron: taking supplements.");
  await expect(sheet).toContainText("No symptoms logged.");
  await expect(sheet).not.toContainText("Labour");
  await expectAccessible(page);

  // The provider's copy can leave the symptoms out.
  await page.getByRole("switch", { name: "Include the symptoms summary" }).uncheck();
  await expect(sheet.getByRole("heading", { name: "Symptoms by week" })).toBeHidden();

  // On paper: the sheet alone, without the app's navigation or the Print button.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Print", exact: true })).toBeHidden();
  await expect(sheet.getByRole("heading", { name: "Pain relief" })).toBeVisible();
  const screenshot = testInfo.outputPath("birth-plan-print.png");
  await page.screenshot({ path: screenshot, fullPage: true });
  await testInfo.attach("birth-plan-print", { path: screenshot, contentType: "image/png" });
  await page.emulateMedia({ media: "screen" });
});

test("the owner logs symptoms by week, deletes one and undoes it, and exports them as CSV", { tag: "@desktop" }, async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Symptom Family");
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/health/symptoms");
  await expect(page.getByRole("heading", { name: "Symptoms", level: 1 })).toBeVisible();
  await expect(page.getByText("No symptoms logged yet.")).toBeVisible();
  await expectAccessible(page);

  // A name is needed.
  await page.getByRole("button", { name: "Log symptom" }).click();
  await expect(page.getByText("Please enter a name")).toBeVisible();

  await page.getByRole("group", { name: "Common symptoms" }).getByRole("button", { name: "Heartburn" }).click();
  await expect(page.getByLabel("Symptom", { exact: true })).toHaveValue("Heartburn");
  await page.getByRole("radio", { name: "4 Strong" }).check();
  await page.getByLabel("Notes (optional)").fill("After dinner, lying down");
  await page.getByRole("button", { name: "Log symptom" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Symptom logged" })).toBeVisible();
  await page.getByLabel("Symptom", { exact: true }).fill("Swollen feet");
  await page.getByRole("button", { name: "Log symptom" }).click();

  // familyWithGrandparent is due in 10 days: this is week 38 (from the LMP).
  const week = page.getByRole("region", { name: /^Week 38/ });
  await expect(week).toContainText("this week");
  await expect(week.getByRole("listitem")).toHaveCount(2);
  await expect(week.getByRole("listitem").first()).toContainText("Swollen feet");
  await expect(week.getByRole("listitem").last()).toContainText("Strong (4 of 5)");
  await expect(week.getByRole("listitem").last()).toContainText("After dinner, lying down");

  await week.getByRole("button", { name: /^Delete Swollen feet/ }).click();
  await expect(week.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("Swollen feet deleted.")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(week.getByRole("listitem")).toHaveCount(2);
  await page.reload();
  await expect(page.getByRole("region", { name: /^Week 38/ }).getByRole("listitem")).toHaveCount(2);

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`symptoms-${todayIso()}.csv`);
  const csv = await readFile((await file.path())!, "utf8");
  // Every CSV of the app opens with the UTF-8 byte-order mark, for spreadsheets.
  expect(csv.startsWith(CSV_BOM)).toBe(true);
  const lines = csv.slice(CSV_BOM.length).trim().split("\r\n");
  expect(lines[0]).toBe("Date,Time,Week,Type,Name,Severity,Notes");
  expect(lines.slice(1).map((line) => line.split(",").slice(2, 6))).toEqual([
    ["38", "Symptom", "Heartburn", "4"],
    ["38", "Symptom", "Swollen feet", "3"],
  ]);
  expect(lines[1]).toContain('"After dinner, lying down"');
});

test("the hospital bag starts with the suggested lists, and packing shows progress per list and overall", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Bag Family");
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/health/hospital-bag");
  const total = HOSPITAL_BAG_DEFAULTS.length;
  const overall = page.getByRole("progressbar", { name: "Packed overall" });
  const baby = page.getByRole("progressbar", { name: "Packed for the baby" });
  await expect(overall).toHaveAttribute("aria-valuetext", `0 of ${total} packed`);
  await expect(baby).toHaveAttribute("aria-valuetext", `0 of ${countOf("baby")} packed`);
  await expectAccessible(page);

  const babyList = page.getByRole("region", { name: "For the baby" });
  await babyList.getByRole("checkbox", { name: "A rear-facing car seat, installed" }).check();
  await page.getByRole("region", { name: "For you" }).getByRole("checkbox", { name: "Printed copies of the birth plan" }).check();
  await expect(baby).toHaveAttribute("aria-valuetext", `1 of ${countOf("baby")} packed`);
  await expect(overall).toHaveAttribute("aria-valuetext", `2 of ${total} packed`);

  await babyList.getByLabel("Add an item for the baby").fill("Twin stroller");
  await babyList.getByRole("button", { name: "Add", exact: true }).click();
  await expect(babyList.getByRole("checkbox", { name: "Twin stroller" })).not.toBeChecked();
  await expect(baby).toHaveAttribute("aria-valuetext", `1 of ${countOf("baby") + 1} packed`);
  await babyList.getByRole("button", { name: "Remove Scratch mittens" }).click();
  await expect(babyList.getByRole("checkbox", { name: "Scratch mittens" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Restore suggested items" })).toBeVisible();

  // Stored: a reload shows the same, and the printable checklist ticks what is packed.
  await page.reload();
  await expect(overall).toHaveAttribute("aria-valuetext", `2 of ${total} packed`);
  await expect(page.getByRole("checkbox", { name: "A rear-facing car seat, installed" })).toBeChecked();
  await page.getByRole("link", { name: "Print checklist" }).click();
  const sheet = page.getByRole("article");
  await expect(sheet.getByRole("heading", { name: "Hospital Bag Checklist", level: 1 })).toBeVisible();
  await expect(sheet).toContainText(`Packed overall: 2 of ${total} packed`);
  await expect(sheet.getByRole("listitem").filter({ hasText: "A rear-facing car seat, installed" })).toHaveText("☑A rear-facing car seat, installed (packed)");
  await expect(sheet.getByRole("listitem").filter({ hasText: "Twin stroller" })).toHaveText("☐Twin stroller (not packed)");
  await expectAccessible(page);
});

test("the owner adds the provider with a phone number and an address: one tap calls, another opens directions", async ({ page, request, baseURL }) => {
  const family = await familyWithGrandparent(request, baseURL!, "Contacts Family");
  await signInThroughApi(page, family.owner.email, family.owner.password);
  await page.goto("/health/medical-contacts");
  await expect(page.getByText("No medical contacts yet.")).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Add contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Add medical contact" });
  await dialog.getByLabel("Name").fill("Dr. Lee");
  await dialog.getByLabel("Phone").fill("call the front desk");
  await dialog.getByRole("button", { name: "Save contact" }).click();
  await expect(dialog.getByText("Please enter a valid phone number")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("Phone").fill("(555) 010-1234 ext. 5");
  await dialog.getByLabel("Email").fill("dr.lee@clinic.example");
  await dialog.getByLabel("Address").fill("200 Riverside Drive, Springfield");
  await dialog.getByRole("button", { name: "Save contact" }).click();
  await expect(dialog).toBeHidden();

  const provider = page.getByRole("region", { name: "Provider (doctor or midwife)" });
  await expect(provider.getByRole("link", { name: "Call Dr. Lee" })).toHaveAttribute("href", "tel:5550101234,5");
  await expect(provider.getByRole("link", { name: "Email Dr. Lee" })).toHaveAttribute("href", "mailto:dr.lee@clinic.example");
  const directions = provider.getByRole("link", { name: "Directions to Dr. Lee" });
  await expect(directions).toHaveAttribute("href", "https://www.google.com/maps/dir/?api=1&destination=200%20Riverside%20Drive%2C%20Springfield");
  await expect(directions).toHaveAttribute("target", "_blank");
  await expectAccessible(page);

  // Editing moves it to the hospital group and clears the email; deleting asks first.
  await page.getByRole("button", { name: "Edit Dr. Lee" }).click();
  const edit = page.getByRole("dialog", { name: "Edit medical contact" });
  await edit.getByLabel("Type").selectOption({ label: "Hospital or birth centre" });
  await edit.getByLabel("Email").fill("");
  await edit.getByRole("button", { name: "Save contact" }).click();
  const hospital = page.getByRole("region", { name: "Hospital or birth centre" });
  await expect(hospital.getByRole("link", { name: "Call Dr. Lee" })).toBeVisible();
  await expect(hospital.getByRole("link", { name: "Email Dr. Lee" })).toHaveCount(0);
  await page.getByRole("button", { name: "Delete Dr. Lee" }).click();
  await page.getByRole("dialog", { name: "Delete this contact?" }).getByRole("button", { name: "Delete contact" }).click();
  await expect(page.getByText("No medical contacts yet.")).toBeVisible();
});
