import { Button } from "../../ui/Button";
import type { ButtonVariant } from "../../ui/buttonStyles";
import { useLogOut } from "./useLogOut";

export function LogOutButton({ variant = "secondary", className }: { variant?: ButtonVariant; className?: string }) {
  const { busy, logOut } = useLogOut();
  return (
    <Button variant={variant} loading={busy} onClick={logOut} className={className}>
      Log Out
    </Button>
  );
}
