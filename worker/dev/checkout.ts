/**
 * The fake Stripe's hosted checkout page (/dev/checkout/:id): an order summary, 'Pay' and 'Cancel'.
 * Pay does what Stripe does on payment and posts the signed webhooks to our real handler before
 * returning to the session's success URL. Mounted by devRoutes only.
 */
import { Hono } from "hono";
import { html } from "hono/html";
import { formatPrice, orderSummary, type SummaryDiscount } from "../../src/domain/billing";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { billingConfig, tierForPrice } from "../infra/stripe";
import { appOrigin, deliverEvents, loadObject, payCheckoutSession, type StoredSession } from "./fakeStripe";

type Env = { Bindings: Bindings; Variables: AppVariables };

function page(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} (development)</title>
        <style>
          body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #1f2937; }
          dl { display: grid; grid-template-columns: auto auto; gap: 0.5rem 1rem; }
          dd { margin: 0; text-align: right; font-weight: 600; }
          .actions { display: flex; gap: 1rem; align-items: center; margin-top: 1.5rem; }
          button { font: inherit; padding: 0.6rem 1.5rem; border: 0; border-radius: 0.5rem; background: #1d4ed8; color: #fff; cursor: pointer; }
          button:focus-visible, a:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
          a { color: #1d4ed8; }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

/** The session's success URL with Stripe's template variable filled in. */
const successUrlOf = (session: StoredSession) => String(session.success_url).replaceAll("{CHECKOUT_SESSION_ID}", session.id);

async function discountOf(c: { var: AppVariables }, session: StoredSession): Promise<SummaryDiscount | null> {
  if (!session.fake.coupon) return null;
  const coupon = await loadObject(c.var.db, session.fake.coupon, "coupon");
  if (!coupon) return null;
  return { percentOff: Number(coupon.percent_off), duration: coupon.duration === "forever" ? "forever" : "once" };
}

/** The message the session asked to show beside its submit button (Stripe's custom_text.submit). */
function submitMessageOf(session: StoredSession): string | null {
  const customText = session.custom_text as { submit?: { message?: unknown } | null } | undefined;
  const message = customText?.submit?.message;
  return typeof message === "string" ? message : null;
}

/** The checkout page around an order summary's rows and the Pay / Cancel form, with the session's own message under it as Stripe shows it. */
function checkoutPage(summaryRows: ReturnType<typeof html>, form: ReturnType<typeof html>, message: string | null) {
  return page(
    "Checkout",
    html`<h1>Checkout</h1>
      <p>Development checkout: no card is charged and nothing leaves this machine.</p>
      <section aria-labelledby="summary-heading">
        <h2 id="summary-heading">Order summary</h2>
        <dl>${summaryRows}</dl>
      </section>
      ${form} ${message ? html`<p>${message}</p>` : ""}`,
  );
}

export const devCheckoutRoutes = new Hono<Env>()
  .get("/:id", async (c) => {
    const session = await loadObject<StoredSession>(c.var.db, c.req.param("id"), "checkout.session");
    if (!session) return c.html(page("Checkout", html`<h1>Checkout</h1><p>No such checkout session.</p>`), 404);
    if (session.status !== "open") {
      return c.html(page("Checkout", html`<h1>Checkout</h1><p>This checkout is already complete.</p><p><a href="${successUrlOf(session)}">Continue</a></p>`));
    }
    const form = html`<form method="post" action="/dev/checkout/${session.id}/pay" class="actions">
      <button type="submit">Pay</button>
      <a href="/dev/checkout/${session.id}/cancel">Cancel</a>
    </form>`;
    if (session.mode === "payment") {
      return c.html(
        checkoutPage(
          html`${(session.fake.oneTimeItems ?? []).map((item) => html`<dt>${item.name}</dt><dd>${formatPrice(item.unitAmount * item.quantity)}</dd>`)}
            <dt>Total due today</dt>
            <dd>${formatPrice(Number(session.amount_total))}</dd>`,
          form,
          submitMessageOf(session),
        ),
      );
    }
    const tier = tierForPrice(billingConfig(c.env), session.fake.lineItems[0]?.price);
    if (!tier) return c.html(page("Checkout", html`<h1>Checkout</h1><p>This checkout sells an unknown price.</p>`), 400);
    const discount = await discountOf(c, session);
    const summary = orderSummary(tier, discount, session.fake.trialPeriodDays);
    return c.html(
      checkoutPage(
        html`<dt>Plan</dt>
          <dd>${summary.planName}, ${formatPrice(summary.monthlyCents)}/month</dd>
          ${summary.trialDays > 0 ? html`<dt>Free trial</dt><dd>${summary.trialDays} days</dd>` : ""}
          ${discount ? html`<dt>Discount</dt><dd>${discount.percentOff}% off ${discount.duration === "once" ? "the first month" : "every month"}</dd>` : ""}
          <dt>First month</dt>
          <dd>${formatPrice(summary.firstMonthCents)}</dd>
          <dt>Total due today</dt>
          <dd>${formatPrice(summary.dueTodayCents)}</dd>`,
        form,
        submitMessageOf(session),
      ),
    );
  })
  .post("/:id/pay", async (c) => {
    const config = billingConfig(c.env);
    const session = await loadObject<StoredSession>(c.var.db, c.req.param("id"), "checkout.session");
    if (!session) return c.html(page("Checkout", html`<h1>Checkout</h1><p>No such checkout session.</p>`), 404);
    if (session.status !== "open") return c.redirect(successUrlOf(session), 303);
    const { session: paid, events } = await payCheckoutSession(c.var.db, config, session.id);
    await deliverEvents(config, appOrigin(c.env, c.req.url), events);
    return c.redirect(successUrlOf(paid), 303);
  })
  .get("/:id/cancel", async (c) => {
    const session = await loadObject<StoredSession>(c.var.db, c.req.param("id"), "checkout.session");
    if (!session) return c.html(page("Checkout", html`<h1>Checkout</h1><p>No such checkout session.</p>`), 404);
    return c.redirect(String(session.cancel_url), 303);
  });
