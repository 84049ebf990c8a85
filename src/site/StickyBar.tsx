import { buttonStyles } from "../ui/buttonStyles";
import { hook } from "./hooks";
import { GET_STARTED } from "./links";
import { formatPrice, PLANS, TRIAL_DAYS } from "../domain/billing";

/**
 * The home page's top bar with the price and 'Try It Free' (onboarding spec 2): hidden until the
 * visitor has scrolled 300 px, so it never covers the hero's own call to action.
 */
export function StickyBar() {
  return (
    <aside
      {...hook("stickyBar")}
      hidden
      aria-label="Try BabySteps free"
      className="fixed inset-x-0 top-0 z-40 border-b border-border bg-surface/95 shadow-md backdrop-blur"
    >
      <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-2 sm:px-6">
        <p className="text-sm sm:text-base">
          <strong className="font-bold">{TRIAL_DAYS} days free</strong>, then {formatPrice(PLANS.basic.priceCents)}/month
        </p>
        <a href={GET_STARTED.href} {...hook("cta", "Try It Free")} className={buttonStyles({ size: "sm" })}>
          Try It Free
        </a>
      </div>
    </aside>
  );
}
