/** Maps better-auth's error answers to the texts each auth screen shows. */
import type { AuthClientError } from "../../lib/auth-client";
import { AUTH_MESSAGES } from "./messages";
import { CREATE_ACCOUNT_MESSAGES, isAlreadyRegisteredError } from "../../domain/authMessages";

export const HTTP_TOO_MANY_REQUESTS = 429;
/** The server's refusal to let an account whose email is not confirmed take an invitation. */
export const EMAIL_NOT_CONFIRMED_CODE = "EMAIL_NOT_CONFIRMED";
const HTTP_UNAUTHORIZED = 401;
const HTTP_SERVER_ERROR = 500;
const HTTP_UNPROCESSABLE = 422;

export function signInErrorMessage(error: AuthClientError): string {
  if (error.status === HTTP_TOO_MANY_REQUESTS) return AUTH_MESSAGES.signInTooManyRequests;
  if (error.status === HTTP_UNAUTHORIZED || error.code === "INVALID_EMAIL_OR_PASSWORD") return AUTH_MESSAGES.invalidCredentials;
  if (!error.status) return AUTH_MESSAGES.unexpected;
  if (error.status >= HTTP_SERVER_ERROR) return AUTH_MESSAGES.unexpectedError;
  return error.message ? `${AUTH_MESSAGES.signInError}: ${error.message}` : AUTH_MESSAGES.unexpected;
}

/** Sign-up refused because the email already has an account. */
export function isAccountExistsError(error: AuthClientError): boolean {
  return Boolean(error.code?.startsWith("USER_ALREADY_EXISTS")) || error.status === HTTP_UNPROCESSABLE || isAlreadyRegisteredError(error.message ?? "");
}

/** The server's refusal of a password on every leaked-password list. */
export const COMMON_PASSWORD_CODE = "COMMON_PASSWORD";

export function signUpErrorMessage(error: AuthClientError): string {
  if (error.status === HTTP_TOO_MANY_REQUESTS) return AUTH_MESSAGES.signUpTooManyRequests;
  if (error.code === COMMON_PASSWORD_CODE) return CREATE_ACCOUNT_MESSAGES.commonPassword;
  if (isAccountExistsError(error)) return AUTH_MESSAGES.accountExists;
  return AUTH_MESSAGES.createAccountFailed;
}

export function sendCodeErrorMessage(error: AuthClientError): string {
  if (error.status === HTTP_TOO_MANY_REQUESTS) return AUTH_MESSAGES.codeTooManyRequests;
  return error.message ? `${AUTH_MESSAGES.couldNotSendCode}: ${error.message}` : AUTH_MESSAGES.couldNotSendCode;
}

export function verifyCodeErrorMessage(error: AuthClientError): string {
  if (error.status === HTTP_TOO_MANY_REQUESTS) return AUTH_MESSAGES.codeTooManyRequests;
  if (error.code === "TOO_MANY_ATTEMPTS") return AUTH_MESSAGES.tooManyAttempts;
  return AUTH_MESSAGES.verificationFailed;
}

export function resetRequestErrorMessage(error: AuthClientError): string {
  if (error.status === HTTP_TOO_MANY_REQUESTS) return AUTH_MESSAGES.resetTooManyRequests;
  return error.message ? `${AUTH_MESSAGES.resetError}: ${error.message}` : AUTH_MESSAGES.resetError;
}
