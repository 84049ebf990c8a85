/** Baby-game weight (core spec 5): stored in pounds as a decimal, entered as pounds and ounces. */
import { OUNCES_PER_POUND } from "./units";

export function weightFromPoundsOunces(pounds: number, ounces: number): number {
  return pounds + ounces / OUNCES_PER_POUND;
}

/** Whole pounds and ounces rounded to the nearest ounce (16 oz carries into a pound). */
export function poundsOuncesFromWeight(weight: number): { pounds: number; ounces: number } {
  const totalOunces = Math.round(weight * OUNCES_PER_POUND);
  return { pounds: Math.floor(totalOunces / OUNCES_PER_POUND), ounces: totalOunces % OUNCES_PER_POUND };
}
