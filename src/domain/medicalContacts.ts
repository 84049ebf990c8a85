/** Medical contacts: kinds, phone and link formats, validation, order (issue 9). */
import { type MedicalContactKind, MEDICAL_CONTACT_KINDS } from "./enums";
import { z } from "zod";
import { HEALTH_RECORD_MESSAGES } from "./healthRecords";
import { sanitizePlainText } from "./sanitize";
import { NAME_MAX_LENGTH, LOCATION_MAX_LENGTH, NOTES_MAX_LENGTH } from "./textLimits";
import { PHONE_MAX_LENGTH, EMAIL_MAX_LENGTH } from "./publicForms";

export const MEDICAL_CONTACTS_MAX = 50;

export const MEDICAL_CONTACT_LABELS: Readonly<Record<MedicalContactKind, string>> = {
  provider: "Provider (doctor or midwife)",
  hospital: "Hospital or birth centre",
  doula: "Doula",
  pediatrician: "Paediatrician",
  other: "Other",
};

/** Digits with the usual separators, an optional leading '+', and an optional extension ('ext. 12', 'x12'). */
const PHONE_PATTERN = /^\+?[\d\s().\-/]+(?:\s*(?:ext\.?|x|#)\s*\d+)?$/i;

/** The shortest number worth dialling (emergency and service numbers have three digits). */
const PHONE_MIN_DIGITS = 3;

const EXTENSION = /\s*(?:ext\.?|x|#)\s*(\d+)$/i;

export function isPhoneNumber(phone: string): boolean {
  const trimmed = phone.trim();
  return PHONE_PATTERN.test(trimmed) && trimmed.replace(EXTENSION, "").replace(/\D/g, "").length >= PHONE_MIN_DIGITS;
}

/** A one-tap call link: 'tel:' with the digits (and '+'), the extension after a pause (','). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const extension = EXTENSION.exec(trimmed)?.[1];
  const number = trimmed.replace(EXTENSION, "");
  const dialled = `${number.startsWith("+") ? "+" : ""}${number.replace(/\D/g, "")}`;
  return `tel:${dialled}${extension ? `,${extension}` : ""}`;
}

/** Directions from where the phone is: a maps search link, which opens the maps app on phones. */
export const mapsHref = (address: string) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address.trim())}`;

export const mailtoHref = (email: string) => `mailto:${email.trim()}`;

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** A medical contact as the form and the worker check it; empty optional fields are none. */
export const medicalContactSchema = z.object({
  kind: z.enum(MEDICAL_CONTACT_KINDS),
  name: z.string().trim().min(1, HEALTH_RECORD_MESSAGES.nameRequired).max(NAME_MAX_LENGTH),
  phone: optionalText(PHONE_MAX_LENGTH).refine((phone) => !phone || isPhoneNumber(phone), HEALTH_RECORD_MESSAGES.invalidPhone),
  email: optionalText(EMAIL_MAX_LENGTH).refine((email) => !email || z.email().safeParse(email).success, HEALTH_RECORD_MESSAGES.invalidEmail),
  address: optionalText(LOCATION_MAX_LENGTH),
  notes: optionalText(NOTES_MAX_LENGTH),
});

export type MedicalContactInput = z.infer<typeof medicalContactSchema>;

/** Stored values: names, addresses and notes as plain text within their limits, empty fields as null. */
export function cleanMedicalContact(input: MedicalContactInput) {
  const text = (value: string | undefined, max: number) => sanitizePlainText(value ?? "", max) || null;
  return {
    kind: input.kind,
    name: sanitizePlainText(input.name, NAME_MAX_LENGTH),
    phone: input.phone?.trim() || null,
    email: input.email?.trim() || null,
    address: text(input.address, LOCATION_MAX_LENGTH),
    notes: text(input.notes, NOTES_MAX_LENGTH),
  };
}

/** The order contacts are listed in: by kind as the form offers them, then by name. */
export function sortMedicalContacts<T extends { kind: MedicalContactKind; name: string }>(contacts: readonly T[]): T[] {
  return [...contacts].sort((a, b) => MEDICAL_CONTACT_KINDS.indexOf(a.kind) - MEDICAL_CONTACT_KINDS.indexOf(b.kind) || a.name.localeCompare(b.name));
}

