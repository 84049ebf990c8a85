import { Button } from "../../ui/Button";
import { CalendarIcon, GiftIcon, HourglassIcon, ImageIcon, StarIcon } from "../../ui/icons";
import { AuthCard } from "../../ui/AuthLayout";

const BENEFITS = [
  { icon: CalendarIcon, title: "Calendar and milestones", text: "Appointments, milestones and reminders, shared with your partner." },
  { icon: ImageIcon, title: "Photo sharing", text: "Bump photos and memories in one shared album." },
  { icon: GiftIcon, title: "Registry and guests", text: "Plan the registry and invite family and friends together." },
  { icon: HourglassIcon, title: "Virtual waiting room", text: "Keep everyone updated on the big day." },
  { icon: StarIcon, title: "All features at no cost", text: "A partner account is always free." },
] as const;

/** Step 3: what the free partner account includes (onboarding spec 2). */
export function PartnerBenefitsStep({ onBack, onContinue }: { onBack: () => void; onContinue: () => void }) {
  return (
    <AuthCard title="Your Free Partner Account" description="As the invited partner you get full access to the pregnancy, free of charge.">
      <ul className="flex flex-col gap-4">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-lavender text-foreground">
              <Icon className="size-5" />
            </span>
            <span>
              <strong className="block font-semibold">{title}</strong>
              <span className="text-muted-foreground">{text}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="secondary" fullWidth onClick={onBack}>
          Back
        </Button>
        <Button fullWidth onClick={onContinue}>
          Continue
        </Button>
      </div>
    </AuthCard>
  );
}
