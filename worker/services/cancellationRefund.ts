/**
 * The refund the terms promise on cancellation ("Cancellation and refunds"; onboarding spec: refund
 * only for the current billing month): the subscription's latest invoice, the one that paid for the
 * period now running, is given back when it was paid. What a card paid is refunded to that card;
 * the gift card credit the invoice drew from the customer's balance goes back onto the balance.
 * Earlier invoices are never touched, and a trial's invoice paid nothing, so nothing comes back.
 *
 * Under API "clover" an invoice no longer names its payment intent: its payments are read through
 * the invoice payments API (one per payment, each naming its payment intent, or its charge when
 * there is none), as Stripe documents for refunding an invoice.
 */
import Stripe from "stripe";
import type { CancellationRefund } from "../../src/domain/subscription";

const idOf = (value: string | { id: string }) => (typeof value === "string" ? value : value.id);

export const NOTHING_REFUNDED: CancellationRefund = { cardCents: 0, creditCents: 0 };

/** Stripe's refusal to refund a payment that is already wholly refunded (by an earlier try, or by support). */
const isAlreadyRefunded = (error: unknown) => error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "charge_already_refunded";

/** Credit the invoice drew from the customer's balance (credit is a negative balance; a debt carried in is not credit). */
const creditDrawnBy = (invoice: Pick<Stripe.Invoice, "starting_balance" | "ending_balance">) => Math.max(0, (invoice.ending_balance ?? invoice.starting_balance) - invoice.starting_balance);

/** Refunds each card payment of the invoice, under a key per payment: a retried cancellation gets the same refund back. */
async function refundCardPayments(stripe: Stripe, invoice: Stripe.Invoice): Promise<number> {
  let refundedCents = 0;
  for await (const payment of stripe.invoicePayments.list({ invoice: invoice.id, status: "paid" })) {
    const { payment_intent: intent, charge } = payment.payment;
    const target = intent ? { payment_intent: idOf(intent) } : charge ? { charge: idOf(charge) } : null;
    if (!target || !payment.amount_paid) continue;
    try {
      const refund = await stripe.refunds.create(
        { ...target, amount: payment.amount_paid, reason: "requested_by_customer", metadata: { invoice: invoice.id, cause: "cancellation" } },
        { idempotencyKey: `cancellation-refund-${payment.id}` },
      );
      refundedCents += refund.amount;
    } catch (error) {
      // Stripe keeps idempotency keys for a day; a later retry finds the payment already given back.
      if (!isAlreadyRefunded(error)) throw error;
      refundedCents += payment.amount_paid;
    }
  }
  return refundedCents;
}

/** Whether an earlier try already put this invoice's credit back: Stripe forgets idempotency keys after a day, the metadata stays. */
async function creditAlreadyGiven(stripe: Stripe, customerId: string, invoiceId: string): Promise<boolean> {
  for await (const transaction of stripe.customers.listBalanceTransactions(customerId, { limit: 100 })) {
    if (transaction.metadata?.invoice === invoiceId && transaction.metadata.cause === "cancellation") return true;
  }
  return false;
}

/**
 * Gives back what the subscription's current invoice took, before the subscription is cancelled (so
 * a failure leaves it running and the owner simply tries again). Every write carries an idempotency
 * key bound to the invoice or its payment, and past the day Stripe keeps those keys, a refunded
 * payment refuses a second refund and a given credit is found by its metadata: a retry never
 * refunds or credits twice.
 */
export async function refundCurrentMonth(stripe: Stripe, subscription: Stripe.Subscription): Promise<CancellationRefund> {
  const latest = subscription.latest_invoice;
  if (!latest) return NOTHING_REFUNDED;
  const invoice = typeof latest === "string" ? await stripe.invoices.retrieve(latest) : latest;
  if (invoice.status !== "paid" || !invoice.customer) return NOTHING_REFUNDED;
  const cardCents = invoice.amount_paid > 0 ? await refundCardPayments(stripe, invoice) : 0;
  const creditCents = creditDrawnBy(invoice);
  const customerId = idOf(invoice.customer);
  if (creditCents > 0 && !(await creditAlreadyGiven(stripe, customerId, invoice.id))) {
    await stripe.customers.createBalanceTransaction(
      customerId,
      { amount: -creditCents, currency: invoice.currency, description: `Credit given back on cancellation (invoice ${invoice.id})`, metadata: { invoice: invoice.id, cause: "cancellation" } },
      { idempotencyKey: `cancellation-credit-${invoice.id}` },
    );
  }
  return { cardCents, creditCents };
}
