/**
 * The units the signed-in person reads and enters the baby's weight and length in: their stored
 * choice (Settings, carried by the session), or while they have made none, their browser's region.
 */
import { useQuery } from "@tanstack/react-query";
import type { MeasurementSystem } from "../domain/enums";
import { effectiveMeasurementSystem } from "../domain/measurement";
import { useSessionQueryOptions } from "./session";

/** The browser's languages, most preferred first (navigator.languages, else navigator.language). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

export function useMeasurementSystem(): MeasurementSystem {
  const stored = useQuery(useSessionQueryOptions()).data?.measurementSystem;
  return effectiveMeasurementSystem(stored, browserLanguages());
}
