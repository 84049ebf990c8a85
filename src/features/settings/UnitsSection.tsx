import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { MeasurementSystem } from "../../domain/enums";
import { SESSION_QUERY_KEY, type Session } from "../../lib/session";
import { useMeasurementSystem } from "../../lib/measurementSystem";
import { serverErrorText } from "../../lib/serverError";
import { useTRPC } from "../../lib/trpc";
import { RadioCards, type RadioCardOption } from "../../ui/RadioCards";
import { SettingsSection } from "../../ui/SettingsSection";
import { toast } from "../../ui/toast";
import { SETTINGS_MESSAGES } from "./messages";

const UNIT_OPTIONS: readonly RadioCardOption<MeasurementSystem>[] = [
  { value: "imperial", label: "Imperial (lb, oz, in)" },
  { value: "metric", label: "Metric (kg, cm)" },
];

const setStored = (measurementSystem: MeasurementSystem | null) => (session: Session | null | undefined) => (session ? { ...session, measurementSystem } : session);

/**
 * Imperial or metric for the baby's weight and length, saved as soon as it is picked. Until the
 * person picks, the choice shown is their browser's region's; the session carries the stored one.
 */
export function UnitsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const system = useMeasurementSystem();
  // The pick shows at once: the session's cache tells its readers a task later, and until then a
  // radio that follows only the cache would spring back for a moment.
  const [picked, setPicked] = useState<MeasurementSystem | null>(null);
  const save = useMutation(
    trpc.account.setMeasurementSystem.mutationOptions({
      onMutate: async ({ measurementSystem }) => {
        // A session read still on its way would answer with the old choice and undo the new one.
        await queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY });
        const previous = queryClient.getQueryData<Session | null>(SESSION_QUERY_KEY)?.measurementSystem ?? null;
        queryClient.setQueryData<Session | null>(SESSION_QUERY_KEY, setStored(measurementSystem));
        return { previous };
      },
      onError: (error, _next, context) => {
        setPicked(null);
        queryClient.setQueryData<Session | null>(SESSION_QUERY_KEY, setStored(context?.previous ?? null));
        toast({ title: SETTINGS_MESSAGES.unitsFailed, description: serverErrorText(error), variant: "error" });
      },
    }),
  );
  return (
    <SettingsSection id="units" title="Units" description="How you see and enter the baby's weight and length. Changes are saved straight away.">
      <RadioCards
        legend="Units"
        options={UNIT_OPTIONS}
        value={picked ?? system}
        onChange={(measurementSystem) => {
          setPicked(measurementSystem);
          save.mutate({ measurementSystem });
        }}
      />
    </SettingsSection>
  );
}
