/**
 * The local fake Stripe (PAYMENTS_MODE=local): just the endpoints the app calls, answering the real
 * SDK's form-encoded requests with JSON shaped like Stripe's objects. State lives in our Postgres
 * (dev_stripe_objects). Mounted by devRoutes only, so never in production.
 */
import { and, eq, sql } from "drizzle-orm";
import { Hono, type Context } from "hono";
import Stripe from "stripe";
import { drawCreditFirst } from "../../src/domain/giftCards";
import type { AppVariables } from "../context";
import type { Db, Executor } from "../db";
import { devStripeObjects } from "../db/schema";
import type { Bindings } from "../env";
import { billingConfig, tierForPrice, type BillingConfig } from "../infra/stripe";
import { parseStripeForm, stripeId, stripeSignatureHeader, type FormValue } from "./fakeStripeProtocol";
import { PLANS } from "../../src/domain/billing";
import { SECONDS_PER_DAY } from "../../src/domain/units";

export type StripeObject = Record<string, unknown> & { id: string; object: string };
type Env = { Bindings: Bindings; Variables: AppVariables };

/** Stripe's limit on a checkout page's custom text. */
const CUSTOM_TEXT_MAX_LENGTH = 1200;

/** Checkout sessions expire after a day, as Stripe's do by default. */
const CHECKOUT_SESSION_LIFETIME_SECONDS = SECONDS_PER_DAY;
export const WEBHOOK_PATH = "/api/billing/webhook";

/** A one-time item of a payment-mode session, sold with inline price_data. */
interface OneTimeItem {
  name: string;
  unitAmount: number;
  quantity: number;
}

/** What a checkout session needs when it is paid, kept beside the session but never returned. */
interface PendingCheckout {
  /** Subscription mode: the plan's price. */
  lineItems: { price: string; quantity: number }[];
  /** Payment mode (gift cards). */
  oneTimeItems?: OneTimeItem[];
  trialPeriodDays: number;
  subscriptionMetadata: Record<string, string>;
  coupon: string | null;
}
export type StoredSession = StripeObject & { fake: PendingCheckout };

const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function loadObject<T extends StripeObject>(db: Executor, id: string, type: string): Promise<T | undefined> {
  const [row] = await db.select({ type: devStripeObjects.type, data: devStripeObjects.data }).from(devStripeObjects).where(eq(devStripeObjects.id, id));
  return row?.type === type ? (row.data as T) : undefined;
}

async function saveObject(db: Executor, object: StripeObject): Promise<void> {
  await db
    .insert(devStripeObjects)
    .values({ id: object.id, type: object.object, data: object })
    .onConflictDoUpdate({ target: devStripeObjects.id, set: { data: object } });
}

function priceObject(config: BillingConfig, priceId: string): StripeObject | undefined {
  const tier = tierForPrice(config, priceId);
  if (!tier) return undefined;
  const plan = PLANS[tier];
  return {
    id: priceId,
    object: "price",
    active: true,
    currency: "usd",
    unit_amount: plan.priceCents,
    nickname: plan.name,
    product: `prod_local_${tier}`,
    recurring: { interval: "month", interval_count: 1 },
    type: "recurring",
    livemode: false,
  };
}

/** A Stripe error body: the SDK turns it into StripeInvalidRequestError, StripeAuthenticationError... */
function stripeError(c: Context<Env>, status: 400 | 401 | 404, message: string, code?: string) {
  return c.json({ error: { type: status === 401 ? "authentication_error" : "invalid_request_error", message, ...(code ? { code } : {}) } }, status);
}

const noSuch = (c: Context<Env>, what: string, id: string) => stripeError(c, 404, `No such ${what}: '${id}'`, "resource_missing");

const asString = (value: FormValue | undefined): string | undefined => (typeof value === "string" ? value : undefined);
const asRecord = (value: FormValue | undefined): Record<string, FormValue> => (value && typeof value === "object" && !Array.isArray(value) ? value : {});
const asList = (value: FormValue | undefined): FormValue[] => (Array.isArray(value) ? value : []);
const stringRecord = (value: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(asRecord(value)).filter((entry): entry is [string, string] => typeof entry[1] === "string"));

async function readParams(c: Context<Env>): Promise<Record<string, FormValue>> {
  const query = new URL(c.req.url).searchParams;
  if (c.req.method === "GET" || c.req.method === "DELETE") return parseStripeForm(query);
  return parseStripeForm(new URLSearchParams(await c.req.text()));
}

function addMonth(seconds: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** The session as the API returns it; line items only when expanded, as Stripe does. */
async function publicSession(db: Executor, config: BillingConfig, session: StoredSession, expand: string[]): Promise<StripeObject> {
  const { fake, ...visible } = session;
  const result: StripeObject = { ...visible };
  if (expand.includes("line_items")) {
    result.line_items = {
      object: "list",
      has_more: false,
      data: [
        ...fake.lineItems.map((item) => ({ id: stripeId("li"), object: "item", price: priceObject(config, item.price), quantity: item.quantity, currency: "usd" })),
        ...(fake.oneTimeItems ?? []).map((item) => ({
          id: stripeId("li"),
          object: "item",
          description: item.name,
          price: { object: "price", currency: "usd", unit_amount: item.unitAmount, type: "one_time" },
          quantity: item.quantity,
          amount_total: item.unitAmount * item.quantity,
          currency: "usd",
        })),
      ],
    };
  }
  for (const field of ["subscription", "customer"] as const) {
    const id = session[field];
    if (expand.includes(field) && typeof id === "string") result[field] = (await loadObject(db, id, field)) ?? id;
  }
  return result;
}

/** Records an event as Stripe would send it; delivery is separate (deliverEvents). */
async function recordEvent(db: Executor, type: string, object: StripeObject, previousAttributes?: Record<string, unknown>): Promise<StripeObject> {
  const event: StripeObject = {
    id: stripeId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    type,
    data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  await saveObject(db, event);
  return event;
}

/**
 * Posts events to our real webhook handler, signed like Stripe signs them, one after another in the
 * order they happened. Throws when the handler does not accept one (Stripe would retry; locally the
 * developer should see it).
 */
export async function deliverEvents(config: BillingConfig, origin: string, events: StripeObject[]): Promise<void> {
  for (const event of events) {
    const payload = JSON.stringify(event);
    const response = await fetch(new URL(WEBHOOK_PATH, origin), {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": await stripeSignatureHeader(payload, config.webhookSecret, nowSeconds()) },
      body: payload,
    });
    if (!response.ok) throw new Error(`Webhook ${event.type as string} ${event.id} was refused with ${response.status}: ${await response.text()}`);
  }
}

export const appOrigin = (env: Bindings, requestUrl: string) => env.BETTER_AUTH_URL ?? new URL(requestUrl).origin;

const customerObject = (email: string | null, name: string | null, metadata: Record<string, string>): StripeObject => ({
  id: stripeId("cus"),
  object: "customer",
  email,
  name,
  metadata,
  // Negative is credit the customer's next invoices draw first (gift cards put it there).
  balance: 0,
  currency: "usd",
  created: nowSeconds(),
  livemode: false,
});

/**
 * The card charge of an invoice as Stripe records it under API "clover": a succeeded payment intent
 * and its charge, and the invoice payment that ties the invoice to them (invoices no longer name
 * their payment intent themselves).
 */
async function chargeInvoice(tx: Executor, invoice: StripeObject, amountCents: number): Promise<void> {
  const created = nowSeconds();
  const paymentIntentId = stripeId("pi");
  const charge: StripeObject = {
    id: stripeId("ch"),
    object: "charge",
    amount: amountCents,
    amount_captured: amountCents,
    amount_refunded: 0,
    refunded: false,
    captured: true,
    paid: true,
    status: "succeeded",
    currency: "usd",
    customer: invoice.customer,
    payment_intent: paymentIntentId,
    created,
    livemode: false,
  };
  const paymentIntent: StripeObject = {
    id: paymentIntentId,
    object: "payment_intent",
    amount: amountCents,
    amount_received: amountCents,
    currency: "usd",
    status: "succeeded",
    customer: invoice.customer,
    latest_charge: charge.id,
    metadata: {},
    created,
    livemode: false,
  };
  const invoicePayment: StripeObject = {
    id: stripeId("inpay"),
    object: "invoice_payment",
    invoice: invoice.id,
    amount_paid: amountCents,
    amount_requested: amountCents,
    currency: "usd",
    is_default: true,
    payment: { type: "payment_intent", payment_intent: paymentIntentId },
    status: "paid",
    status_transitions: { paid_at: created, canceled_at: null },
    created,
    livemode: false,
  };
  await Promise.all([saveObject(tx, charge), saveObject(tx, paymentIntent), saveObject(tx, invoicePayment)]);
}

/**
 * A paid invoice as Stripe bills it: the customer's credit (a negative balance) is drawn first, and
 * only the rest is charged to the card; what the invoice does not need stays on the customer.
 */
async function billInvoice(tx: Executor, customerId: string, totalCents: number, fields: Record<string, unknown>): Promise<StripeObject> {
  const customer = await loadObject<StripeObject>(tx, customerId, "customer");
  const startingBalance = Number(customer?.balance ?? 0);
  const draw = drawCreditFirst(totalCents, Math.max(0, -startingBalance));
  const endingBalance = startingBalance + draw.appliedCents;
  const invoice: StripeObject = {
    id: stripeId("in"),
    object: "invoice",
    customer: customerId,
    status: "paid",
    currency: "usd",
    total: totalCents,
    starting_balance: startingBalance,
    ending_balance: endingBalance,
    amount_due: draw.amountDueCents,
    amount_paid: draw.amountDueCents,
    created: nowSeconds(),
    livemode: false,
    ...fields,
  };
  if (customer && draw.appliedCents > 0) {
    await saveObject(tx, { ...customer, balance: endingBalance });
    await saveObject(tx, { id: stripeId("cbtxn"), object: "customer_balance_transaction", customer: customerId, type: "applied_to_invoice", amount: draw.appliedCents, currency: "usd", ending_balance: endingBalance, invoice: invoice.id, created: nowSeconds(), livemode: false });
  }
  await saveObject(tx, invoice);
  if (draw.amountDueCents > 0) await chargeInvoice(tx, invoice, draw.amountDueCents);
  return invoice;
}

/**
 * What Stripe does when a customer pays a checkout session, in one transaction (delivery comes
 * after): a subscription checkout makes a customer (if the session had only an email), the
 * subscription (trialing for the trial days) and its first invoice (nothing due during a trial); a
 * payment checkout makes a succeeded payment intent. Then the completed session and the events.
 */
export async function payCheckoutSession(db: Db, config: BillingConfig, sessionId: string): Promise<{ session: StoredSession; events: StripeObject[] }> {
  return db.transaction(async (tx) => {
    const session = await loadObject<StoredSession>(tx, sessionId, "checkout.session");
    if (!session || session.status !== "open") throw new Error(`Checkout session ${sessionId} is not open`);
    if (session.mode === "payment") return payPaymentSession(tx, config, session);
    const now = nowSeconds();
    let customerId = typeof session.customer === "string" ? session.customer : null;
    if (!customerId) {
      const customer = customerObject(typeof session.customer_email === "string" ? session.customer_email : null, null, {});
      await saveObject(tx, customer);
      customerId = customer.id;
    }
    const [item] = session.fake.lineItems;
    const price = item && priceObject(config, item.price);
    if (!item || !price) throw new Error(`Checkout session ${sessionId} has no known price`);
    const trialEnd = session.fake.trialPeriodDays > 0 ? now + session.fake.trialPeriodDays * SECONDS_PER_DAY : null;
    const discount: StripeObject | null = session.fake.coupon
      ? { id: stripeId("di"), object: "discount", coupon: (await loadObject(tx, session.fake.coupon, "coupon")) ?? null, start: now, end: null }
      : null;
    const subscription: StripeObject = {
      id: stripeId("sub"),
      object: "subscription",
      customer: customerId,
      status: trialEnd ? "trialing" : "active",
      metadata: session.fake.subscriptionMetadata,
      items: {
        object: "list",
        has_more: false,
        data: [{ id: stripeId("si"), object: "subscription_item", price, quantity: item.quantity, current_period_start: now, current_period_end: trialEnd ?? addMonth(now) }],
      },
      discounts: discount ? [discount.id] : [],
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      start_date: now,
      created: now,
      currency: "usd",
      livemode: false,
      latest_invoice: null,
    };
    const invoice = await billInvoice(tx, customerId, Number(session.amount_total ?? 0), {
      billing_reason: "subscription_create",
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: session.fake.subscriptionMetadata } },
    });
    subscription.latest_invoice = invoice.id;
    if (discount) await saveObject(tx, discount);
    const paid: StoredSession = {
      ...session,
      status: "complete",
      // Stripe's word for a checkout whose first charge is deferred to the end of a trial.
      payment_status: trialEnd ? "no_payment_required" : "paid",
      customer: customerId,
      subscription: subscription.id,
    };
    await Promise.all([saveObject(tx, subscription), saveObject(tx, paid)]);
    const events = [
      await recordEvent(tx, "checkout.session.completed", await publicSession(tx, config, paid, [])),
      await recordEvent(tx, "customer.subscription.created", subscription),
      await recordEvent(tx, "invoice.paid", invoice),
    ];
    return { session: paid, events };
  });
}

/** A one-time payment (a gift card): Stripe charges the total at once; no customer unless the session named one. */
async function payPaymentSession(tx: Executor, config: BillingConfig, session: StoredSession): Promise<{ session: StoredSession; events: StripeObject[] }> {
  const paymentIntent: StripeObject = {
    id: stripeId("pi"),
    object: "payment_intent",
    amount: session.amount_total,
    amount_received: session.amount_total,
    currency: "usd",
    status: "succeeded",
    customer: session.customer ?? null,
    receipt_email: session.customer_email ?? null,
    metadata: session.metadata,
    created: nowSeconds(),
    livemode: false,
  };
  const paid: StoredSession = { ...session, status: "complete", payment_status: "paid", payment_intent: paymentIntent.id };
  await Promise.all([saveObject(tx, paymentIntent), saveObject(tx, paid)]);
  const events = [await recordEvent(tx, "checkout.session.completed", await publicSession(tx, config, paid, [])), await recordEvent(tx, "payment_intent.succeeded", paymentIntent)];
  return { session: paid, events };
}

type SubscriptionItem = { price: StripeObject; quantity: number; current_period_start: number; current_period_end: number } & Record<string, unknown>;

/**
 * A test helper (Stripe's own run under /v1/test_helpers): the subscription's period ends now, as a
 * test clock advanced to its end would make it. The next period starts, a trial becomes active, and
 * its invoice is billed (price less a lasting coupon, or a first-month one once), drawing the
 * customer's credit first.
 */
export async function renewSubscription(db: Db, subscriptionId: string): Promise<{ subscription: StripeObject; events: StripeObject[] } | undefined> {
  return db.transaction(async (tx) => {
    const subscription = await loadObject<StripeObject>(tx, subscriptionId, "subscription");
    if (!subscription || (subscription.status !== "trialing" && subscription.status !== "active")) return undefined;
    const items = subscription.items as { data: SubscriptionItem[] };
    const [item] = items.data;
    if (!item) return undefined;
    const [discountId] = subscription.discounts as string[];
    const discount = discountId ? await loadObject<StripeObject>(tx, discountId, "discount") : undefined;
    const coupon = discount?.coupon as { percent_off: number; duration: string } | null | undefined;
    const listCents = Number(item.price.unit_amount) * item.quantity;
    const totalCents = coupon ? listCents - Math.round((listCents * coupon.percent_off) / 100) : listCents;
    const start = item.current_period_end;
    const renewed: StripeObject = {
      ...subscription,
      status: "active",
      // A first-month coupon is spent on this invoice; a lasting one stays.
      discounts: coupon && coupon.duration !== "forever" ? [] : subscription.discounts,
      items: { ...items, data: [{ ...item, current_period_start: start, current_period_end: addMonth(start) }, ...items.data.slice(1)] },
    };
    const invoice = await billInvoice(tx, String(subscription.customer), totalCents, {
      billing_reason: "subscription_cycle",
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
    });
    renewed.latest_invoice = invoice.id;
    await saveObject(tx, renewed);
    const events = [
      await recordEvent(tx, "customer.subscription.updated", renewed, { status: subscription.status, items: subscription.items }),
      await recordEvent(tx, "invoice.paid", invoice),
    ];
    return { subscription: renewed, events };
  });
}

/** Payment mode's line items carry inline price_data: US dollars, a whole number of cents, a product name. */
function oneTimeItemsOf(lineItems: Record<string, FormValue>[]): OneTimeItem[] | string {
  const items: OneTimeItem[] = [];
  for (const entry of lineItems) {
    const priceData = asRecord(entry.price_data);
    const unitAmount = Number(asString(priceData.unit_amount));
    const name = asString(asRecord(priceData.product_data).name);
    if (asString(priceData.currency) !== "usd") return "The fake Stripe only charges US dollars (price_data[currency]=usd)";
    if (!Number.isInteger(unitAmount) || unitAmount <= 0) return "Invalid price_data[unit_amount]: must be a positive integer";
    if (!name) return "Missing required param: price_data[product_data][name].";
    items.push({ name, unitAmount, quantity: Number(asString(entry.quantity) ?? 1) });
  }
  return items;
}

async function createCheckoutSession(c: Context<Env>, config: BillingConfig) {
  const params = await readParams(c);
  const mode = asString(params.mode);
  const lineItems = asList(params.line_items).map((entry) => asRecord(entry));
  if (mode !== "subscription" && mode !== "payment") return stripeError(c, 400, "The fake Stripe sells subscriptions and one-time payments (mode=subscription or payment)", "parameter_invalid");
  if (lineItems.length === 0) return stripeError(c, 400, "Missing required param: line_items.", "parameter_missing");
  const oneTimeItems = mode === "payment" ? oneTimeItemsOf(lineItems) : [];
  if (typeof oneTimeItems === "string") return stripeError(c, 400, oneTimeItems, "parameter_invalid");
  const prices = mode === "subscription" ? lineItems.map((entry) => asString(entry.price) ?? "") : [];
  const unknownPrice = prices.find((id) => !priceObject(config, id));
  if (unknownPrice !== undefined) return noSuch(c, "price", unknownPrice);
  const successUrl = asString(params.success_url);
  const cancelUrl = asString(params.cancel_url);
  if (!successUrl || !cancelUrl) return stripeError(c, 400, "Missing required param: success_url or cancel_url.", "parameter_missing");
  const customer = asString(params.customer);
  if (customer && !(await loadObject(c.var.db, customer, "customer"))) return noSuch(c, "customer", customer);
  const couponIdParam = asString(asRecord(asList(params.discounts)[0]).coupon);
  const coupon = couponIdParam ? await loadObject(c.var.db, couponIdParam, "coupon") : undefined;
  if (couponIdParam && !coupon) return noSuch(c, "coupon", couponIdParam);

  const submitMessage = asString(asRecord(asRecord(params.custom_text).submit).message);
  if (submitMessage !== undefined && submitMessage.length > CUSTOM_TEXT_MAX_LENGTH) return stripeError(c, 400, `Invalid custom_text[submit][message]: must be at most ${CUSTOM_TEXT_MAX_LENGTH} characters`, "parameter_invalid");
  const subscriptionData = asRecord(params.subscription_data);
  const trialPeriodDays = Number(asString(subscriptionData.trial_period_days) ?? 0);
  const subtotal =
    prices.reduce((sum, id) => sum + Number(priceObject(config, id)?.unit_amount ?? 0), 0) + oneTimeItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  const discount = coupon ? Math.round((subtotal * Number(coupon.percent_off)) / 100) : 0;
  const id = stripeId("cs_test");
  const created = nowSeconds();
  const session: StoredSession = {
    id,
    object: "checkout.session",
    mode,
    status: "open",
    payment_status: "unpaid",
    url: new URL(`/dev/checkout/${id}`, appOrigin(c.env, c.req.url)).toString(),
    success_url: successUrl,
    cancel_url: cancelUrl,
    customer: customer ?? null,
    customer_email: asString(params.customer_email) ?? null,
    client_reference_id: asString(params.client_reference_id) ?? null,
    metadata: stringRecord(params.metadata),
    // Stripe returns the four texts its page can show, unset ones null; we keep the submit message.
    custom_text: { after_submit: null, shipping_address: null, submit: submitMessage ? { message: submitMessage } : null, terms_of_service_acceptance: null },
    subscription: null,
    payment_intent: null,
    currency: "usd",
    amount_subtotal: subtotal,
    // During a trial nothing is charged today.
    amount_total: trialPeriodDays > 0 ? 0 : subtotal - discount,
    total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
    discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
    created,
    expires_at: created + CHECKOUT_SESSION_LIFETIME_SECONDS,
    livemode: false,
    fake: {
      lineItems: lineItems.map((entry, index) => ({ price: prices[index] ?? "", quantity: Number(asString(entry.quantity) ?? 1) })),
      oneTimeItems,
      trialPeriodDays,
      subscriptionMetadata: stringRecord(subscriptionData.metadata),
      coupon: coupon?.id ?? null,
    },
  };
  await saveObject(c.var.db, session);
  return c.json(await publicSession(c.var.db, config, session, []));
}

/** Plan changes and cancel-at-period-end, as the SDK's subscriptions.update sends them. */
async function updateSubscription(c: Context<Env>, config: BillingConfig, id: string) {
  const params = await readParams(c);
  const subscription = await loadObject<StripeObject>(c.var.db, id, "subscription");
  if (!subscription) return noSuch(c, "subscription", id);
  const previous: Record<string, unknown> = {};
  const updated: StripeObject = { ...subscription };
  const newPrice = asString(asRecord(asList(params.items)[0]).price);
  if (newPrice) {
    const price = priceObject(config, newPrice);
    if (!price) return noSuch(c, "price", newPrice);
    const items = subscription.items as { data: Record<string, unknown>[] };
    previous.items = items;
    updated.items = { ...items, data: items.data.map((item, index) => (index === 0 ? { ...item, price } : item)) };
  }
  const cancelAtPeriodEnd = asString(params.cancel_at_period_end);
  if (cancelAtPeriodEnd !== undefined) {
    previous.cancel_at_period_end = subscription.cancel_at_period_end;
    updated.cancel_at_period_end = cancelAtPeriodEnd === "true";
    const [item] = (subscription.items as { data: { current_period_end: number }[] }).data;
    updated.cancel_at = updated.cancel_at_period_end ? (item?.current_period_end ?? null) : null;
  }
  // A fixed end date (the app sets the service end); an empty value clears it, a past one is refused, as Stripe does.
  const cancelAt = asString(params.cancel_at);
  if (cancelAt !== undefined) {
    const seconds = cancelAt === "" ? null : Number(cancelAt);
    if (seconds !== null && !(seconds > nowSeconds())) return stripeError(c, 400, "Invalid cancel_at: must be a Unix timestamp in the future", "parameter_invalid");
    previous.cancel_at = subscription.cancel_at;
    previous.cancel_at_period_end = subscription.cancel_at_period_end;
    updated.cancel_at = seconds;
    updated.cancel_at_period_end = false;
  }
  if (params.metadata !== undefined) {
    previous.metadata = subscription.metadata;
    updated.metadata = updatedMetadata(subscription.metadata, params.metadata);
  }
  await saveObject(c.var.db, updated);
  const event = await recordEvent(c.var.db, "customer.subscription.updated", updated, previous);
  // Stripe delivers webhooks after answering the API call, not within it.
  c.executionCtx.waitUntil(deliverEvents(config, appOrigin(c.env, c.req.url), [event]).catch((error: unknown) => console.error(String(error))));
  return c.json(updated);
}

/** Stripe's metadata update: keys merge into those there; an empty value unsets its key, an empty `metadata` unsets them all. */
function updatedMetadata(current: unknown, update: FormValue): Record<string, string> {
  if (update === "") return {};
  const merged: Record<string, string> = { ...(current as Record<string, string> | null | undefined) };
  for (const [key, value] of Object.entries(stringRecord(update))) {
    if (value === "") delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** customers.update: email, name (an empty value clears them) and metadata; Stripe sends customer.updated, which the app ignores. */
async function updateCustomer(c: Context<Env>, config: BillingConfig, id: string) {
  const params = await readParams(c);
  const customer = await loadObject<StripeObject>(c.var.db, id, "customer");
  if (!customer) return noSuch(c, "customer", id);
  const previous: Record<string, unknown> = {};
  const updated: StripeObject = { ...customer };
  for (const field of ["email", "name"] as const) {
    const value = asString(params[field]);
    if (value === undefined) continue;
    previous[field] = customer[field];
    updated[field] = value === "" ? null : value;
  }
  if (params.metadata !== undefined) {
    previous.metadata = customer.metadata;
    updated.metadata = updatedMetadata(customer.metadata, params.metadata);
  }
  await saveObject(c.var.db, updated);
  const event = await recordEvent(c.var.db, "customer.updated", updated, previous);
  c.executionCtx.waitUntil(deliverEvents(config, appOrigin(c.env, c.req.url), [event]).catch((error: unknown) => console.error(String(error))));
  return c.json(updated);
}

async function cancelSubscription(c: Context<Env>, config: BillingConfig, id: string) {
  const subscription = await loadObject<StripeObject>(c.var.db, id, "subscription");
  if (!subscription) return noSuch(c, "subscription", id);
  const now = nowSeconds();
  const canceled: StripeObject = { ...subscription, status: "canceled", canceled_at: now, ended_at: now, cancel_at_period_end: false };
  await saveObject(c.var.db, canceled);
  const event = await recordEvent(c.var.db, "customer.subscription.deleted", canceled);
  c.executionCtx.waitUntil(deliverEvents(config, appOrigin(c.env, c.req.url), [event]).catch((error: unknown) => console.error(String(error))));
  return c.json(canceled);
}

/** Where the first answer to an Idempotency-Key is kept (null without a key). */
const replayIdOf = (c: Context<Env>) => {
  const idempotencyKey = c.req.header("idempotency-key");
  return idempotencyKey ? `idem_${idempotencyKey}` : null;
};

/** The first answer given under this request's Idempotency-Key, as Stripe answers a repeated key. */
async function earlierAnswer(c: Context<Env>, replayId: string | null): Promise<StripeObject | undefined> {
  const earlier = replayId ? await loadObject(c.var.db, replayId, "idempotent_response") : undefined;
  return earlier?.response as StripeObject | undefined;
}

const rememberAnswer = (tx: Executor, replayId: string | null, response: StripeObject) =>
  replayId ? saveObject(tx, { id: replayId, object: "idempotent_response", response }) : Promise.resolve();

/**
 * A credit (negative amount) or debit on the customer's balance. Honours Idempotency-Key as Stripe
 * does: the same key answers the first result again instead of moving the balance twice.
 */
async function createBalanceTransaction(c: Context<Env>, customerId: string) {
  const params = await readParams(c);
  const replayId = replayIdOf(c);
  const earlier = await earlierAnswer(c, replayId);
  if (earlier) return c.json(earlier);
  const amount = Number(asString(params.amount));
  if (!Number.isInteger(amount) || amount === 0) return stripeError(c, 400, "Invalid amount: must be a non-zero integer", "parameter_invalid");
  if (asString(params.currency) !== "usd") return stripeError(c, 400, "The fake Stripe only keeps balances in US dollars (currency=usd)", "parameter_invalid");
  const result = await c.var.db.transaction(async (tx) => {
    const customer = await loadObject<StripeObject>(tx, customerId, "customer");
    if (!customer) return undefined;
    const endingBalance = Number(customer.balance ?? 0) + amount;
    const transaction: StripeObject = {
      id: stripeId("cbtxn"),
      object: "customer_balance_transaction",
      customer: customerId,
      type: "adjustment",
      amount,
      currency: "usd",
      ending_balance: endingBalance,
      description: asString(params.description) ?? null,
      metadata: stringRecord(params.metadata),
      created: nowSeconds(),
      livemode: false,
    };
    await saveObject(tx, { ...customer, balance: endingBalance });
    await saveObject(tx, transaction);
    await rememberAnswer(tx, replayId, transaction);
    return transaction;
  });
  return result ? c.json(result) : noSuch(c, "customer", customerId);
}

/**
 * A refund of a card payment, named by its payment intent or its charge, as Stripe makes one: the
 * whole amount still unrefunded unless an amount is given, never more than that (a wholly refunded
 * charge is refused with charge_already_refunded), and the charge records it. Honours
 * Idempotency-Key. Stripe also sends charge.refunded and refund.created; the app listens to neither.
 */
async function createRefund(c: Context<Env>) {
  const params = await readParams(c);
  const replayId = replayIdOf(c);
  const earlier = await earlierAnswer(c, replayId);
  if (earlier) return c.json(earlier);
  const paymentIntentId = asString(params.payment_intent);
  const chargeParam = asString(params.charge);
  if (!paymentIntentId && !chargeParam) return stripeError(c, 400, "One of the following params should be provided for this request: payment_intent or charge.", "parameter_missing");
  const outcome = await c.var.db.transaction(async (tx): Promise<StripeObject | Response> => {
    const paymentIntent = paymentIntentId ? await loadObject(tx, paymentIntentId, "payment_intent") : undefined;
    if (paymentIntentId && !paymentIntent) return noSuch(c, "payment_intent", paymentIntentId);
    const chargeId = chargeParam ?? (typeof paymentIntent?.latest_charge === "string" ? paymentIntent.latest_charge : undefined);
    const charge = chargeId ? await loadObject(tx, chargeId, "charge") : undefined;
    if (!charge) return chargeParam ? noSuch(c, "charge", chargeParam) : stripeError(c, 400, `This PaymentIntent (${paymentIntentId ?? ""}) does not have a successful charge to refund.`);
    const unrefunded = Number(charge.amount) - Number(charge.amount_refunded);
    if (unrefunded <= 0) return stripeError(c, 400, `Charge ${charge.id} has already been refunded.`, "charge_already_refunded");
    const amount = params.amount === undefined ? unrefunded : Number(asString(params.amount));
    if (!Number.isInteger(amount) || amount <= 0) return stripeError(c, 400, "Invalid amount: must be a positive integer", "parameter_invalid_integer");
    if (amount > unrefunded) return stripeError(c, 400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${unrefunded})`, "parameter_invalid_integer");
    const refund: StripeObject = {
      id: stripeId("re"),
      object: "refund",
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent ?? null,
      currency: charge.currency,
      status: "succeeded",
      reason: asString(params.reason) ?? null,
      metadata: stringRecord(params.metadata),
      balance_transaction: null,
      created: nowSeconds(),
      livemode: false,
    };
    const refundedCents = Number(charge.amount_refunded) + amount;
    await saveObject(tx, { ...charge, amount_refunded: refundedCents, refunded: refundedCents === Number(charge.amount) });
    await saveObject(tx, refund);
    await rememberAnswer(tx, replayId, refund);
    return refund;
  });
  return outcome instanceof Response ? outcome : c.json(outcome);
}

/** A customer's balance transactions, newest first, in one page (the fake keeps few). */
async function listBalanceTransactions(c: Context<Env>, customerId: string) {
  if (!(await loadObject(c.var.db, customerId, "customer"))) return noSuch(c, "customer", customerId);
  const rows = await c.var.db
    .select({ data: devStripeObjects.data })
    .from(devStripeObjects)
    .where(and(eq(devStripeObjects.type, "customer_balance_transaction"), sql`${devStripeObjects.data}->>'customer' = ${customerId}`));
  const data = rows.map((row) => row.data as StripeObject).sort((a, b) => Number(b.created) - Number(a.created));
  return c.json({ object: "list", url: `/v1/customers/${customerId}/balance_transactions`, has_more: false, data });
}

/** The payments of one invoice (the fake lists them only per invoice), optionally of one status. */
async function listInvoicePayments(c: Context<Env>) {
  const params = await readParams(c);
  const invoice = asString(params.invoice);
  if (!invoice) return stripeError(c, 400, "The fake Stripe lists invoice payments of one invoice: pass invoice.", "parameter_missing");
  const status = asString(params.status);
  const rows = await c.var.db
    .select({ data: devStripeObjects.data })
    .from(devStripeObjects)
    .where(and(eq(devStripeObjects.type, "invoice_payment"), sql`${devStripeObjects.data}->>'invoice' = ${invoice}`));
  const data = rows.map((row) => row.data as StripeObject).filter((payment) => status === undefined || payment.status === status);
  return c.json({ object: "list", url: "/v1/invoice_payments", has_more: false, data });
}

const expandOf = (params: Record<string, FormValue>) => asList(params.expand).filter((value): value is string => typeof value === "string");

/** Mounted at `${FAKE_STRIPE_API_MOUNT}/v1`. */
export const fakeStripeApi = new Hono<Env>()
  .use("*", async (c, next) => {
    // The fake accepts only the configured key, as Stripe does.
    if (c.req.header("authorization") !== `Bearer ${billingConfig(c.env).secretKey}`) return stripeError(c, 401, "Invalid API Key provided");
    await next();
  })
  .post("/customers", async (c) => {
    const params = await readParams(c);
    const customer = customerObject(asString(params.email) ?? null, asString(params.name) ?? null, stringRecord(params.metadata));
    await saveObject(c.var.db, customer);
    return c.json(customer);
  })
  .post("/customers/:id/balance_transactions", (c) => createBalanceTransaction(c, c.req.param("id")))
  .get("/customers/:id/balance_transactions", (c) => listBalanceTransactions(c, c.req.param("id")))
  .post("/customers/:id", (c) => updateCustomer(c, billingConfig(c.env), c.req.param("id")))
  .get("/customers/:id", async (c) => {
    const customer = await loadObject(c.var.db, c.req.param("id"), "customer");
    return customer ? c.json(customer) : noSuch(c, "customer", c.req.param("id"));
  })
  .post("/coupons", async (c) => {
    const params = await readParams(c);
    const id = asString(params.id) ?? stripeId("coupon");
    if (await loadObject(c.var.db, id, "coupon")) return stripeError(c, 400, `Coupon already exists: '${id}'`, "resource_already_exists");
    const coupon: StripeObject = { id, object: "coupon", percent_off: Number(asString(params.percent_off)), duration: asString(params.duration) ?? "once", name: asString(params.name) ?? null, valid: true, created: nowSeconds(), livemode: false };
    await saveObject(c.var.db, coupon);
    return c.json(coupon);
  })
  .get("/coupons/:id", async (c) => {
    const coupon = await loadObject(c.var.db, c.req.param("id"), "coupon");
    return coupon ? c.json(coupon) : noSuch(c, "coupon", c.req.param("id"));
  })
  .get("/prices/:id", (c) => {
    const price = priceObject(billingConfig(c.env), c.req.param("id"));
    return price ? c.json(price) : noSuch(c, "price", c.req.param("id"));
  })
  .post("/checkout/sessions", (c) => createCheckoutSession(c, billingConfig(c.env)))
  .get("/checkout/sessions/:id", async (c) => {
    const session = await loadObject<StoredSession>(c.var.db, c.req.param("id"), "checkout.session");
    if (!session) return noSuch(c, "checkout.session", c.req.param("id"));
    return c.json(await publicSession(c.var.db, billingConfig(c.env), session, expandOf(await readParams(c))));
  })
  .get("/subscriptions/:id", async (c) => {
    const subscription = await loadObject(c.var.db, c.req.param("id"), "subscription");
    if (!subscription) return noSuch(c, "subscription", c.req.param("id"));
    const invoiceId = subscription.latest_invoice;
    if (!expandOf(await readParams(c)).includes("latest_invoice") || typeof invoiceId !== "string") return c.json(subscription);
    return c.json({ ...subscription, latest_invoice: (await loadObject(c.var.db, invoiceId, "invoice")) ?? invoiceId });
  })
  .get("/invoices/:id", async (c) => {
    const invoice = await loadObject(c.var.db, c.req.param("id"), "invoice");
    return invoice ? c.json(invoice) : noSuch(c, "invoice", c.req.param("id"));
  })
  .get("/invoice_payments", listInvoicePayments)
  .post("/refunds", createRefund)
  .post("/subscriptions/:id", (c) => updateSubscription(c, billingConfig(c.env), c.req.param("id")))
  .post("/test_helpers/subscriptions/:id/renew", async (c) => {
    const renewal = await renewSubscription(c.var.db, c.req.param("id"));
    if (!renewal) return noSuch(c, "renewable subscription", c.req.param("id"));
    // Delivered before answering, so a test sees the renewal stored once the call returns.
    await deliverEvents(billingConfig(c.env), appOrigin(c.env, c.req.url), renewal.events);
    return c.json(renewal.subscription);
  })
  .delete("/subscriptions/:id", (c) => cancelSubscription(c, billingConfig(c.env), c.req.param("id")))
  .post("/billing_portal/sessions", async (c) => {
    const params = await readParams(c);
    const customer = asString(params.customer) ?? "";
    if (!(await loadObject(c.var.db, customer, "customer"))) return noSuch(c, "customer", customer);
    const returnUrl = asString(params.return_url) ?? appOrigin(c.env, c.req.url);
    // The fake has no portal of its own: plan changes and cancellation live in our settings, where it returns.
    return c.json({ id: stripeId("bps"), object: "billing_portal.session", customer, return_url: returnUrl, url: returnUrl, created: nowSeconds(), livemode: false });
  })
  .all("*", (c) => stripeError(c, 404, `Unrecognized request URL (${c.req.method}: ${new URL(c.req.url).pathname}).`));
