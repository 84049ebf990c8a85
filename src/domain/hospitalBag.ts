/** The hospital bag: default items per owner, names, packed progress (issue 9). */
import { type HospitalBagOwner, HOSPITAL_BAG_OWNERS } from "./enums";
import { z } from "zod";
import { HEALTH_RECORD_MESSAGES } from "./healthRecords";
import { sanitizePlainText } from "./sanitize";
import { PERCENT } from "./units";

export const HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH = 100;

/** Items of the three hospital bag lists together, the suggested ones included. */
export const HOSPITAL_BAG_MAX_ITEMS = 200;

export const HOSPITAL_BAG_LABELS: Readonly<Record<HospitalBagOwner, string>> = { parent: "For you", partner: "For your partner", baby: "For the baby" };

export interface DefaultBagItem {
  /** Stable and unique across the three lists: stored as default_key, so seeding never repeats an item. */
  key: string;
  owner: HospitalBagOwner;
  name: string;
}

const bagItems = (owner: HospitalBagOwner, items: ReadonlyArray<readonly [string, string]>): DefaultBagItem[] => items.map(([key, name]) => ({ key: `${owner}-${key}`, owner, name }));

/** What midwives and hospitals usually suggest packing from week 35, per list in packing order. */
export const HOSPITAL_BAG_DEFAULTS: readonly DefaultBagItem[] = [
  ...bagItems("parent", [
    ["documents", "Photo ID, insurance card and hospital paperwork"],
    ["birth-plan", "Printed copies of the birth plan"],
    ["phone-charger", "Phone and a long charging cable"],
    ["robe", "Dressing gown or robe"],
    ["slippers", "Slippers and warm socks"],
    ["nightwear", "Nightwear that opens at the front"],
    ["toiletries", "Toiletries, lip balm and hair ties"],
    ["glasses", "Glasses or contact lenses"],
    ["medications", "Medications you take"],
    ["pads", "Maternity pads and high-waisted underwear"],
    ["nursing", "Nursing bras, breast pads and nipple cream"],
    ["pillow", "Your own pillow in a coloured pillowcase"],
    ["going-home", "Loose, comfortable clothes for going home"],
  ]),
  ...bagItems("partner", [
    ["clothes", "A change of clothes and pyjamas"],
    ["toiletries", "Toiletries"],
    ["snacks", "Snacks and drinks for both of you"],
    ["power-bank", "Phone charger and a power bank"],
    ["camera", "Camera, or a phone with free space"],
    ["parking", "Change or a card for parking and vending machines"],
    ["medications", "Medications you take"],
    ["call-list", "A list of people to tell the news"],
  ]),
  ...bagItems("baby", [
    ["car-seat", "A rear-facing car seat, installed"],
    ["going-home", "A going-home outfit (newborn and 0-3 months)"],
    ["bodysuits", "Bodysuits and sleepsuits"],
    ["hat", "A soft hat"],
    ["socks", "Socks or booties"],
    ["mittens", "Scratch mittens"],
    ["blanket", "A swaddle or blanket"],
    ["nappies", "Newborn nappies and wipes"],
    ["muslins", "Muslin cloths"],
    ["feeding", "Bottles and formula, if you plan to use them"],
  ]),
];

export const hospitalBagItemNameSchema = z.string().trim().min(1, HEALTH_RECORD_MESSAGES.nameRequired).max(HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH);

export const cleanBagItemName = (name: string) => sanitizePlainText(name, HOSPITAL_BAG_ITEM_NAME_MAX_LENGTH);

export interface PackedProgress {
  packed: number;
  total: number;
  /** Whole percent, 0 for an empty list. */
  percent: number;
}

export function packedProgress(items: ReadonlyArray<{ isPacked: boolean }>): PackedProgress {
  const packed = items.filter((item) => item.isPacked).length;
  return { packed, total: items.length, percent: items.length === 0 ? 0 : Math.floor((packed / items.length) * PERCENT) };
}

/** Packed progress per list and for the three together. */
export function bagProgress(items: ReadonlyArray<{ owner: HospitalBagOwner; isPacked: boolean }>): Record<HospitalBagOwner | "overall", PackedProgress> {
  const lists = Object.fromEntries(HOSPITAL_BAG_OWNERS.map((owner) => [owner, packedProgress(items.filter((item) => item.owner === owner))])) as Record<HospitalBagOwner, PackedProgress>;
  return { ...lists, overall: packedProgress(items) };
}

export const progressLabel = ({ packed, total }: PackedProgress) => `${packed} of ${total} packed`;

