import { useId, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { GIFT_CARD_CODE_INPUT_MAX, GIFT_CARD_MESSAGES, GIFT_CARD_PLAN_TIER } from "../../domain/giftCards";
import { useTRPC } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { serverErrorText } from "../../lib/serverError";
import { PLANS, formatPrice } from "../../domain/billing";

/**
 * The account's credit and 'Redeem gift card' (onboarding spec 1): a card's balance becomes credit
 * that invoices draw first; what they leave stays here.
 */
export function RedeemGiftCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const credit = useQuery(trpc.giftCards.credit.queryOptions());
  const redeem = useMutation(
    trpc.giftCards.redeem.mutationOptions({
      onSuccess: (result) => {
        setCode("");
        setError(undefined);
        toast({ title: GIFT_CARD_MESSAGES.redeemed, description: `${formatPrice(result.creditedCents)} (${PLANS[GIFT_CARD_PLAN_TIER[result.plan]].name} gift card) added to your account credit.`, variant: "success" });
        queryClient.setQueryData(trpc.giftCards.credit.queryKey(), { creditCents: result.creditCents });
      },
      onError: (failure) => setError(serverErrorText(failure) ?? GIFT_CARD_MESSAGES.redeemFailed),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === "") {
      setError(GIFT_CARD_MESSAGES.notFound);
      return;
    }
    redeem.mutate({ code });
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-border pt-4">
      <h3 id={headingId} className="text-lg font-semibold">
        Gift cards
      </h3>
      <p>
        Account credit:{" "}
        <strong>{credit.isPending ? "..." : credit.isError ? "unavailable" : formatPrice(credit.data.creditCents)}</strong>
        <span className="text-muted-foreground"> (drawn first on your invoices; anything left stays on your account)</span>
      </p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label="Gift card code"
          className="sm:flex-1"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="ABCD-EFGH-JKMN-PQRS"
          maxLength={GIFT_CARD_CODE_INPUT_MAX}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error}
        />
        <Button type="submit" className="sm:mt-7" loading={redeem.isPending}>
          Redeem gift card
        </Button>
      </form>
    </section>
  );
}
