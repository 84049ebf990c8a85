import { Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { earlyAccessExpiresAt } from "../../domain/modes";
import { useSessionQueryOptions } from "../../lib/session";
import { MS_PER_HOUR } from "../../domain/units";

/** While the email is unconfirmed: how long early access lasts, and the way to confirm (onboarding spec 4). */
export function EarlyAccessBanner() {
  const user = useQuery(useSessionQueryOptions()).data?.user;
  if (!user || user.emailVerified) return null;
  const hoursLeft = Math.max(1, Math.ceil((earlyAccessExpiresAt(new Date(user.createdAt).getTime()) - Date.now()) / MS_PER_HOUR));
  return (
    <div role="status" className="border-b border-warning bg-warning-soft px-4 py-2.5 text-sm text-warning-foreground print:hidden">
      <strong className="font-semibold">Confirm your email:</strong> you have {hoursLeft} {hoursLeft === 1 ? "hour" : "hours"} of early access left.{" "}
      <Link to="/check-email" search={{ email: user.email }} className="font-semibold underline underline-offset-4 hover:no-underline">
        Confirm now
      </Link>
    </div>
  );
}
