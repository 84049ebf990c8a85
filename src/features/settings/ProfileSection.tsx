import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useRouteContext } from "@tanstack/react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SUCCESS_TOASTS } from "../../domain/errors";
import type { inferRouterOutputs } from "@trpc/server";
import { useTRPC, type AppRouter } from "../../lib/trpc";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast";
import { imageUploadProblem, uploadImage } from "../../lib/imageUpload";
import { SETTINGS_MESSAGES } from "./messages";
import { LoadFailed, SectionLoading, SettingsSection } from "../../ui/SettingsSection";
import { serverErrorText } from "../../lib/serverError";
import { CREATE_ACCOUNT_MESSAGES } from "../../domain/auth";
import { PHOTO_TOASTS } from "../../domain/photos";
import { AVATAR_MAX_BYTES } from "../../domain/uploads";
import { NAME_MAX_LENGTH } from "../../domain/textLimits";
import { PERCENT } from "../../domain/units";
import { formatPercent } from "../../lib/format";

type Me = NonNullable<inferRouterOutputs<AppRouter>["account"]["me"]>;

export function ProfileSection() {
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  return (
    <SettingsSection id="profile" title="Profile" description="Your name and photo, as your family sees them.">
      {me.isPending ? (
        <SectionLoading label="Loading your profile..." />
      ) : me.isError || !me.data ? (
        <LoadFailed title={SETTINGS_MESSAGES.loadProfileFailed} onRetry={() => void me.refetch()} busy={me.isFetching} />
      ) : (
        <>
          <AvatarField me={me.data} />
          <NameForm key={me.data.id} me={me.data} />
        </>
      )}
    </SettingsSection>
  );
}

function NameForm({ me }: { me: Me }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { auth } = useRouteContext({ from: "__root__" });
  const [firstName, setFirstName] = useState(me.firstName);
  const [lastName, setLastName] = useState(me.lastName);
  const [errors, setErrors] = useState<{ firstName?: string; lastName?: string }>({});
  const update = useMutation(
    trpc.account.updateProfile.mutationOptions({
      onSuccess: (profile) => {
        queryClient.setQueryData(trpc.account.me.queryKey(), profile);
        // The session carries the name too (greetings, the shell): ask for it again.
        void auth.refresh().catch(() => undefined);
        toast({ title: SUCCESS_TOASTS.success, description: "Your profile was saved.", variant: "success" });
      },
      onError: (error) => toast({ title: SETTINGS_MESSAGES.profileFailed, description: serverErrorText(error), variant: "error" }),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = { firstName: firstName.trim(), lastName: lastName.trim() };
    const found = {
      ...(next.firstName ? {} : { firstName: CREATE_ACCOUNT_MESSAGES.firstNameRequired }),
      ...(next.lastName ? {} : { lastName: CREATE_ACCOUNT_MESSAGES.lastNameRequired }),
    };
    setErrors(found);
    if (found.firstName || found.lastName) return;
    update.mutate(next);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" value={firstName} onChange={(e) => setFirstName(e.target.value)} autoComplete="given-name" maxLength={NAME_MAX_LENGTH} required error={errors.firstName} />
        <TextField label="Last name" value={lastName} onChange={(e) => setLastName(e.target.value)} autoComplete="family-name" maxLength={NAME_MAX_LENGTH} required error={errors.lastName} />
      </div>
      <p className="text-sm wrap-anywhere text-muted-foreground">Email: {me.email}</p>
      <div>
        <Button type="submit" loading={update.isPending}>
          Save profile
        </Button>
      </div>
    </form>
  );
}

function initialsOf(me: Me): string {
  return `${me.firstName.charAt(0)}${me.lastName.charAt(0)}`.toUpperCase();
}

/** The current avatar, a file picker with a preview of the chosen picture, and the upload with progress. */
function AvatarField({ me }: { me: Me }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function clear() {
    setFile(null);
    setPreview(null);
    setProgress(null);
    if (inputRef.current) inputRef.current.value = "";
  }

  function choose(chosen: File | undefined) {
    setProblem(null);
    if (!chosen) return clear();
    if (chosen.size > AVATAR_MAX_BYTES) {
      clear();
      setProblem(SETTINGS_MESSAGES.avatarTooLarge);
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  }

  async function upload() {
    if (!file) return;
    setProgress(0);
    try {
      const avatarUrl = await uploadImage("/api/avatars", file, "avatarUrl", setProgress);
      queryClient.setQueryData(trpc.account.me.queryKey(), (old) => (old ? { ...old, avatarUrl } : old));
      void queryClient.invalidateQueries({ queryKey: trpc.account.me.queryKey() });
      clear();
      toast({ title: SUCCESS_TOASTS.success, description: "Your profile photo was updated.", variant: "success" });
    } catch (error) {
      setProgress(null);
      const reason = imageUploadProblem(error, AVATAR_MAX_BYTES);
      toast({ title: PHOTO_TOASTS.uploadFailed, description: reason, variant: "error" });
      if (reason) setProblem(reason);
    }
  }

  const uploading = progress !== null;
  const shown = preview ?? me.avatarUrl;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-5">
      <div className="size-20 shrink-0 overflow-hidden rounded-full border border-border bg-primary-soft">
        {shown ? (
          <img src={shown} alt={preview ? "Preview of your new profile photo" : "Your profile photo"} className="size-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-full items-center justify-center text-2xl font-bold text-primary">
            {initialsOf(me)}
          </span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold">
          Profile photo
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept="image/*"
          disabled={uploading}
          aria-describedby={hintId}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => choose(event.target.files?.[0])}
          className="block w-full max-w-full text-sm file:mr-3 file:min-h-10 file:cursor-pointer file:rounded-full file:border file:border-input file:bg-surface file:px-4 file:font-semibold file:text-foreground hover:file:bg-muted"
        />
        <p id={hintId} className={problem ? "text-sm font-medium text-danger" : "text-sm text-muted-foreground"}>
          {problem ?? SETTINGS_MESSAGES.avatarHint}
        </p>
        {uploading && (
          <div className="flex items-center gap-3">
            <progress value={progress} max={PERCENT} aria-label="Upload progress" className="h-2 w-full max-w-xs accent-primary" />
            <span className="text-sm text-muted-foreground" aria-hidden="true">
              {formatPercent(progress)}
            </span>
          </div>
        )}
        {file && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void upload()} loading={uploading}>
              Upload photo
            </Button>
            <Button size="sm" variant="secondary" onClick={clear} disabled={uploading}>
              Cancel
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
