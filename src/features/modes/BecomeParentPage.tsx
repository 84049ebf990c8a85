import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../../lib/document-title";
import { buttonStyles } from "../../ui/buttonStyles";
import { usePregnancyContext } from "../pregnancy-context/usePregnancyContext";
import { formatPrice, PLANS, TRIAL_DAYS } from "../../domain/billing";

const PARENT_FEATURES = [
  "Track your pregnancy week by week, with your babies and due date",
  "A shared calendar with RSVPs for appointments and celebrations",
  "A photo album with guest tags and 102 photo ideas for inspiration",
  "Health tools: vitamins, kick counter, contractions, birth plan and hospital bag",
  "Invite your partner for free, and family and friends as guests",
  "A waiting room, registry and baby prediction game for everyone you invite",
] as const;

/** /become-parent: what being a parent on BabySteps means, and the way into the parent wizard. */
export function BecomeParentPage() {
  useDocumentTitle("Become a Parent");
  const { pregnancySearch } = usePregnancyContext();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Become a Parent</h1>
        <p className="mt-2 text-lg text-muted-foreground">
          Expecting a baby of your own? Set up your pregnancy and share the journey with your partner, family and friends.
        </p>
      </div>
      <section aria-labelledby="parent-features" className="card p-5 sm:p-6">
        <h2 id="parent-features" className="text-xl font-bold">
          What parents get
        </h2>
        <ul className="mt-3 flex list-disc flex-col gap-2 pl-5">
          {PARENT_FEATURES.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <p className="mt-4 text-muted-foreground">
          Plans start at {formatPrice(PLANS.basic.priceCents)} a month ({PLANS.premium.name}: {formatPrice(PLANS.premium.priceCents)} a month), with a {TRIAL_DAYS}-day free
          trial and no payment to start. Your guest access to other pregnancies stays as it is.
        </p>
      </section>
      <div className="flex flex-wrap gap-3">
        {/* The parent wizard is an onboarding route; a plain link works before and after it exists. */}
        <a href="/onboarding-parent" className={buttonStyles({ size: "lg" })}>
          Start Your Journey
        </a>
        <Link to="/dashboard" search={pregnancySearch} className={buttonStyles({ variant: "secondary", size: "lg" })}>
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
