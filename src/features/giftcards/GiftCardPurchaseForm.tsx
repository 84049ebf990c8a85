import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { GIFT_CARD_PLANS, type GiftCardPlan } from "../../domain/enums";
import { GIFT_CARD_MESSAGE_MAX_LENGTH, GIFT_CARD_MONTH_OPTIONS, GIFT_CARD_PLAN_TIER, giftCardDescription, type GiftCardMonths, giftCardPurchaseSchema, giftCardValueCents } from "../../domain/giftCards";
import { useTRPC } from "../../lib/trpc";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { RadioCards } from "../../ui/RadioCards";
import { TextField } from "../../ui/TextField";
import { SelectField, TextAreaField } from "../../ui/fields";
import { serverErrorText } from "../../lib/serverError";
import { CHECKOUT_MESSAGES, formatPrice, PLANS } from "../../domain/billing";
import { NAME_MAX_LENGTH } from "../../domain/textLimits";

const PLAN_OPTIONS = GIFT_CARD_PLANS.map((plan) => {
  const tier = PLANS[GIFT_CARD_PLAN_TIER[plan]];
  return { value: plan, label: tier.name, description: `${formatPrice(tier.priceCents)}/month: ${tier.features.join(", ")}` };
});

/** The purchase widget: plan and value, the buyer's email, who it is for; 'Purchase Gift Card' opens checkout. */
export function GiftCardPurchaseForm() {
  const trpc = useTRPC();
  const [planType, setPlanType] = useState<GiftCardPlan>("base");
  const [months, setMonths] = useState<GiftCardMonths>(GIFT_CARD_MONTH_OPTIONS[1]);
  const [purchaserEmail, setPurchaserEmail] = useState("");
  const [recipientName, setRecipientName] = useState("");
  const [message, setMessage] = useState("");
  const [emailError, setEmailError] = useState<string>();
  const checkout = useMutation(trpc.giftCards.createCheckout.mutationOptions({ onSuccess: ({ url }) => window.location.assign(url) }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = giftCardPurchaseSchema.safeParse({ planType, months, purchaserEmail: purchaserEmail.trim(), recipientName, message });
    if (!parsed.success) {
      setEmailError(parsed.error.issues.find((issue) => issue.path[0] === "purchaserEmail")?.message);
      return;
    }
    setEmailError(undefined);
    checkout.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <RadioCards legend="Plan type" showLegend options={PLAN_OPTIONS} value={planType} onChange={setPlanType} />
      <SelectField label="Gift card value" value={months} onChange={(event) => setMonths(Number(event.target.value) as GiftCardMonths)}>
        {GIFT_CARD_MONTH_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {giftCardDescription(planType, option)}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Your email"
        type="email"
        autoComplete="email"
        required
        value={purchaserEmail}
        onChange={(event) => setPurchaserEmail(event.target.value)}
        hint="We send the gift card code here."
        error={emailError}
      />
      <TextField label="Recipient name (optional)" autoComplete="off" maxLength={NAME_MAX_LENGTH} value={recipientName} onChange={(event) => setRecipientName(event.target.value)} />
      <TextAreaField label="Message (optional)" maxLength={GIFT_CARD_MESSAGE_MAX_LENGTH} value={message} onChange={(event) => setMessage(event.target.value)} />
      <FormMessage message={checkout.isError ? (serverErrorText(checkout.error) ?? CHECKOUT_MESSAGES.checkoutError) : null} />
      <p className="text-lg">
        Total: <strong>{formatPrice(giftCardValueCents(planType, months))}</strong> <span className="text-muted-foreground">(US dollars, no fees)</span>
      </p>
      <Button type="submit" size="lg" fullWidth loading={checkout.isPending}>
        Purchase Gift Card
      </Button>
    </form>
  );
}
