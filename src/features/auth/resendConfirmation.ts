/** Asks for a new email-confirmation code (the mail also carries the /email-confirmed link). */
import { authPost } from "../../lib/authRequest";
import { HTTP_TOO_MANY_REQUESTS } from "./authErrors";
import { EMAIL_CONFIRMATION_MESSAGES, SEND_CODE_MESSAGES } from "../../domain/authMessages";

/**
 * The message to show when resending failed ('Resend failed' with the reason; create-account says
 * 'Failed to resend email'), or null once sent.
 */
export async function resendConfirmation(email: string, failedTitle: string = EMAIL_CONFIRMATION_MESSAGES.resendFailed): Promise<string | null> {
  const error = await authPost("/email-otp/send-verification-otp", { email, type: "email-verification" });
  if (!error) return null;
  if (error.status === HTTP_TOO_MANY_REQUESTS) return SEND_CODE_MESSAGES.tooManyRequests;
  return error.message ? `${failedTitle}: ${error.message}` : failedTitle;
}
