import { useEffect, useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams, useSearch } from "@tanstack/react-router";
import { CALENDAR_TOASTS, isRsvpAnswer, type RsvpAnswer } from "../../domain/calendar";
import { httpStatusOf } from "../../lib/query-client";
import { useTRPC } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { LoadError } from "../../ui/LoadError";
import { Spinner } from "../../ui/Spinner";
import { AuthCard } from "../../ui/AuthLayout";
import { CategoryChip, eventWhen } from "./EventDetails";
import { RsvpButtons, RsvpStatusText } from "./RsvpButtons";

/**
 * /rsvp/<token>?answer=: the invitation mail's one-click answer. The token is the invitee's proof,
 * so no sign-in is needed; the answer in the link is stored once when the page opens (a mail
 * scanner fetching the link without running scripts changes nothing), and can be changed here.
 */
export function RsvpLinkPage() {
  const { token } = useParams({ from: "/rsvp/$token" });
  const answerInLink = useSearch({ from: "/rsvp/$token", select: (search) => (isRsvpAnswer(search.answer) ? search.answer : undefined) });
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitation = useQuery(trpc.calendar.invitation.get.queryOptions({ token }, { retry: (count, error) => httpStatusOf(error) !== 404 && count < 2 }));
  const invitationKey = trpc.calendar.invitation.get.queryKey({ token });
  const answer = useMutation(
    trpc.calendar.invitation.answer.mutationOptions({
      // The page's first read starts with the link's answer: still on its way, it would answer "not
      // answered yet" after this and undo it, so it is cancelled first.
      onSuccess: async (data) => {
        await queryClient.cancelQueries({ queryKey: invitationKey });
        queryClient.setQueryData(invitationKey, data);
      },
    }),
  );
  const sentFromLink = useRef(false);
  useEffect(() => {
    if (!answerInLink || sentFromLink.current) return;
    sentFromLink.current = true;
    answer.mutate({ token, status: answerInLink });
  }, [answerInLink, answer, token]);

  const send = (status: RsvpAnswer) => answer.mutate({ token, status });
  let body;
  if (invitation.data) {
    const data = invitation.data;
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-muted-foreground">
          Hi {data.inviteeFirstName}, you are invited by {data.pregnancyTitle}.
        </p>
        <div className="flex flex-col gap-2 rounded-xl bg-muted p-4">
          <p className="text-lg font-bold break-words">{data.title}</p>
          <CategoryChip category={data.category} className="self-start" />
          <p>{eventWhen(data, data.timeZone)}</p>
          {data.location && <p className="break-words">{data.location}</p>}
        </div>
        <RsvpButtons label={`Your answer for ${data.title}`} status={data.rsvpStatus} pending={answer.isPending ? answer.variables.status : undefined} onAnswer={send} />
        <RsvpStatusText status={data.rsvpStatus} />
        {answer.isError && <Alert>{CALENDAR_TOASTS.rsvpFailed}</Alert>}
        <Link to="/dashboard" className="font-semibold text-link underline">
          Open BabySteps
        </Link>
      </div>
    );
  } else if (invitation.isError) {
    body =
      httpStatusOf(invitation.error) === 404 ? (
        <Alert variant="info" title="This invitation link is no longer valid">
          The event may have been removed. Sign in to see the events shared with you.
        </Alert>
      ) : (
        <LoadError title="Could not load the invitation" onRetry={() => void invitation.refetch()} busy={invitation.isFetching}>
          Check your connection and try again.
        </LoadError>
      );
  } else body = <Spinner label="Loading invitation" />;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-4 px-4 py-8 sm:py-12">
      <AuthCard title="Event invitation">{body}</AuthCard>
    </div>
  );
}
