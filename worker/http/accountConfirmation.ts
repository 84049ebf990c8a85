import { Hono } from "hono";
import { z } from "zod";
import { otpCodeSchema } from "../../src/domain/auth";
import { EMAIL_CONFIRMATION_MESSAGES } from "../../src/domain/authMessages";
import type { AppVariables } from "../context";
import type { Bindings } from "../env";
import { accountCreation } from "../services/account";
import { publicPost, readBody } from "./guards";

const confirmationSchema = z.object({ email: z.email().max(254), code: otpCodeSchema });
const HTTP_NOT_FOUND = 404;

/**
 * POST /api/account/confirmation {email, code}: before a confirmation link is used in a browser not
 * signed in to the account, its page shows when and in which browser the account was made, so the
 * mailbox's owner can say whether it was them (issue 35). Only with the mailed code, checked
 * without using it up (better-auth counts a wrong one against the code's attempts).
 */
export const accountConfirmationRoutes = new Hono<{ Bindings: Bindings; Variables: AppVariables }>().post("/", publicPost("accountConfirmation"), async (c) => {
  const body = await readBody(c, confirmationSchema);
  if ("refusal" in body) return body.refusal;
  const { email, code } = body.data;
  const valid = await c.var
    .getAuth()
    .api.checkVerificationOTP({ body: { email, type: "email-verification", otp: code } })
    .then(() => true)
    .catch(() => false);
  const account = valid ? await accountCreation(c.var.db, email) : null;
  if (!account) return c.json({ error: "INVALID_LINK", message: EMAIL_CONFIRMATION_MESSAGES.linkInvalid }, HTTP_NOT_FOUND);
  return c.json(account);
});
