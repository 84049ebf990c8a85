import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouteContext } from "@tanstack/react-router";
import { ACCOUNT_DELETION_MESSAGES, type AccountDeletionPhotos } from "../../domain/accountDeletion";
import { OTP_LENGTH } from "../../domain/authRules";
import { LEAVING_MESSAGES } from "../../domain/leaving";
import { serverErrorText } from "../../lib/serverError";
import { useTRPC } from "../../lib/trpc";
import { FormMessage } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { CodeField } from "../../ui/CodeField";
import { ConfirmDialog, Dialog } from "../../ui/Dialog";
import { RadioCards } from "../../ui/RadioCards";
import { AccountDeletionChoice } from "./AccountDeletionChoice";
import { SettingsSection } from "../../ui/SettingsSection";
import { handOverToast, toast } from "../../ui/toast";
import { usePregnancyReadOnly } from "../pregnancy-context/readOnly";

type LeaveChoice = "keep" | "remove";

/** A guest or the partner leaves the pregnancy they are in, keeping or taking along what they added. */
function LeavePregnancy({ pregnancyId, title }: { pregnancyId: string; title: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<LeaveChoice>("keep");
  const leave = useMutation(trpc.participants.leave.mutationOptions());

  async function confirm() {
    await leave.mutateAsync({ pregnancyId, removeContributions: choice === "remove" });
    await queryClient.invalidateQueries();
    toast({ title: LEAVING_MESSAGES.left(title), variant: "success" });
    await navigate({ to: "/pregnancies" });
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">Leave {title}: you will no longer see it, and the parents can invite you again.</p>
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Leave this pregnancy
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Leave ${title}?`}
        description={
          <RadioCards
            legend="What happens to what you added"
            showLegend
            value={choice}
            onChange={setChoice}
            options={[
              { value: "keep", label: "Keep what I added", description: LEAVING_MESSAGES.keep },
              { value: "remove", label: "Remove what I added", description: LEAVING_MESSAGES.remove },
            ]}
          />
        }
        confirmLabel="Leave pregnancy"
        errorTitle="Could not leave"
        onConfirm={confirm}
      />
    </div>
  );
}

/** Deleting the account: what goes is said first, then a code to the mailbox confirms it. */
function DeleteAccount() {
  const trpc = useTRPC();
  const { auth } = useRouteContext({ from: "__root__" });
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [photos, setPhotos] = useState<AccountDeletionPhotos>("keep");
  const [message, setMessage] = useState<string | null>(null);
  const sendCode = useMutation(trpc.account.deletion.sendCode.mutationOptions());
  const confirm = useMutation(trpc.account.deletion.confirm.mutationOptions());

  function close() {
    setOpen(false);
    setCode("");
    setSentTo(null);
    setMessage(null);
  }

  async function requestCode() {
    setMessage(null);
    try {
      setSentTo((await sendCode.mutateAsync()).sentTo);
    } catch (error) {
      setMessage(serverErrorText(error) ?? "We could not send the code. Please try again.");
    }
  }

  async function deleteNow() {
    setMessage(null);
    try {
      await confirm.mutateAsync({ code, photos });
    } catch (error) {
      setMessage(serverErrorText(error) ?? ACCOUNT_DELETION_MESSAGES.wrongCode);
      return;
    }
    await auth.clear();
    // The sign-in page is its own page: the toast goes along with the page load.
    toast({ title: ACCOUNT_DELETION_MESSAGES.deletedToast, variant: "success" });
    handOverToast();
    window.location.assign("/auth");
  }

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">Delete your BabySteps account and what you added; you choose whether your photos stay in the albums. This cannot be undone.</p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
      <Dialog open={open} onClose={confirm.isPending ? () => undefined : close} title="Delete your account?" description="Choose what happens to your photos, then confirm with a code we email you.">
        <div className="flex flex-col gap-4">
          <AccountDeletionChoice value={photos} onChange={setPhotos} />
          <FormMessage message={message} />
          {sentTo === null ? (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} data-autofocus>
                Cancel
              </Button>
              <Button variant="danger" onClick={() => void requestCode()} loading={sendCode.isPending}>
                Email me a code
              </Button>
            </div>
          ) : (
            <form
              className="flex flex-col gap-4"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void deleteNow();
              }}
            >
              <p className="text-sm">We sent a {OTP_LENGTH}-digit code to {sentTo}.</p>
              <CodeField label="Code" value={code} onValueChange={setCode} required />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={close} disabled={confirm.isPending}>
                  Cancel
                </Button>
                <Button type="submit" variant="danger" loading={confirm.isPending} disabled={code.length !== OTP_LENGTH}>
                  Delete my account
                </Button>
              </div>
            </form>
          )}
        </div>
      </Dialog>
    </div>
  );
}

/** Settings > Your data: leaving the pregnancy the user is in (not its owner), and deleting the account. */
export function YourDataSection({ pregnancy }: { pregnancy: { id: string; title: string; isOwner: boolean } | null }) {
  // A read-only pregnancy cannot be left (the server refuses every change to it); the account can still be deleted.
  const readOnly = usePregnancyReadOnly();
  return (
    <SettingsSection id="your-data" title="Your data" description="Leave a pregnancy or delete your account.">
      <div className="flex flex-col gap-5">
        {pregnancy && !pregnancy.isOwner && !readOnly && <LeavePregnancy pregnancyId={pregnancy.id} title={pregnancy.title} />}
        <DeleteAccount />
      </div>
    </SettingsSection>
  );
}
