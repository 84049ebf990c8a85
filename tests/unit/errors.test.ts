import { describe, expect, it } from "vitest";
import { BOUNDARY_MESSAGES, BOUNDARY_TEXTS, boundaryMessage, boundaryRetryDelayMs, boundaryTitle, canRetry, categorizeError, DATA_ISOLATION_CODES, dataIsolationTitle, errorMessageOf, isDataIsolationCode, NO_PREGNANCY_CONTEXT_MESSAGE, splitToast } from "../../src/domain/errors";
import { CREATE_ACCOUNT_MESSAGES, isAlreadyRegisteredError, RESET_PASSWORD_MESSAGES, SEND_CODE_MESSAGES, SIGN_IN_MESSAGES } from "../../src/domain/auth";
import { PARTNER_ERROR_MESSAGES, PARTNER_MESSAGES } from "../../src/domain/partnerInvitation";
import { SETUP_MESSAGES } from "../../src/domain/pregnancy";

describe("data-isolation errors", () => {
  it("maps each code to its title and anything else to 'Data Access Error'", () => {
    expect(DATA_ISOLATION_CODES.map(dataIsolationTitle)).toEqual(["Access Error", "Context Error", "Access Denied", "Validation Failed"]);
    expect(dataIsolationTitle("SOMETHING_ELSE")).toBe("Data Access Error");
    expect(dataIsolationTitle(undefined)).toBe("Data Access Error");
    expect(dataIsolationTitle("toString")).toBe("Data Access Error");
    expect(NO_PREGNANCY_CONTEXT_MESSAGE).toBe("No valid pregnancy context available");
  });

  it("recognises its codes", () => {
    expect(isDataIsolationCode("ACCESS_DENIED")).toBe(true);
    expect(isDataIsolationCode("access_denied")).toBe(false);
  });
});

describe("categorizeError", () => {
  it("sorts by the words of the message, case-insensitive", () => {
    expect(categorizeError(new TypeError("Failed to fetch"))).toBe("network");
    expect(categorizeError("NETWORK down")).toBe("network");
    expect(categorizeError("Connection reset")).toBe("network");
    expect(categorizeError("Permission denied")).toBe("permission");
    expect(categorizeError("401 Unauthorized")).toBe("permission");
    expect(categorizeError("Forbidden")).toBe("permission");
    expect(categorizeError("Validation error")).toBe("validation");
    expect(categorizeError("Invalid input")).toBe("validation");
    expect(categorizeError("Title is required")).toBe("validation");
    expect(categorizeError("Loading chunk 3 failed")).toBe("system");
    expect(categorizeError("Script error.")).toBe("system");
    expect(categorizeError("Cannot read properties of undefined")).toBe("unknown");
  });

  it("checks the categories in the spec's order", () => {
    expect(categorizeError("invalid permission over the network")).toBe("network");
    expect(categorizeError("invalid permission")).toBe("permission");
    expect(categorizeError("required chunk")).toBe("validation");
  });

  it("reads messages from anything thrown", () => {
    expect(errorMessageOf(new Error("boom"))).toBe("boom");
    expect(errorMessageOf("text")).toBe("text");
    expect(errorMessageOf({ message: "from object" })).toBe("from object");
    expect(errorMessageOf({ message: 5 })).toBe("[object Object]");
    expect(errorMessageOf(null)).toBe("null");
    expect(categorizeError(undefined)).toBe("unknown");
  });
});

describe("error boundary", () => {
  it("shows the category's text, or the offline one", () => {
    expect(boundaryMessage("network", true)).toBe("Network connection issue. Retrying automatically when connection is restored.");
    expect(boundaryMessage("permission", true)).toBe("Access denied. Please check your permissions or try logging in again.");
    expect(boundaryMessage("validation", true)).toBe("Invalid data detected. Please refresh and try again.");
    expect(boundaryMessage("system", true)).toBe("System loading error. The application will attempt to recover automatically.");
    expect(boundaryMessage("unknown", true)).toBe("An unexpected error occurred. Our team has been notified.");
    expect(boundaryMessage("system", false)).toBe("You're currently offline. Please check your internet connection.");
    expect(Object.keys(BOUNDARY_MESSAGES)).toHaveLength(6);
  });

  it("titles network errors 'Connection Issue', others 'Something went wrong'", () => {
    expect(boundaryTitle("network")).toBe("Connection Issue");
    expect(boundaryTitle("unknown")).toBe("Something went wrong");
    expect(BOUNDARY_TEXTS.tryAgain(2)).toBe("Try Again (2 left)");
    expect(BOUNDARY_TEXTS.reloadPage).toBe("Reload Page");
    expect(BOUNDARY_TEXTS.waitingForConnection).toBe("Waiting for connection...");
    expect(BOUNDARY_TEXTS.technicalDetails).toBe("Technical details");
  });

  it("doubles the retry delay and stops after 3 retries", () => {
    expect([0, 1, 2].map(boundaryRetryDelayMs)).toEqual([1000, 2000, 4000]);
    expect(canRetry(0)).toBe(true);
    expect(canRetry(2)).toBe(true);
    expect(canRetry(3)).toBe(false);
    expect(canRetry(4, 5)).toBe(true);
  });
});

describe("splitToast", () => {
  it("splits 'Title: description' and 'Title - description'", () => {
    expect(splitToast(SIGN_IN_MESSAGES.invalidCredentials)).toEqual({
      title: "Invalid Credentials",
      description: "Please check your email and password and try again.",
    });
    expect(splitToast(SIGN_IN_MESSAGES.loginFailed)).toEqual({ title: "Login failed", description: "An unexpected error occurred. Please try again." });
    expect(splitToast(SEND_CODE_MESSAGES.tooManyRequests)).toEqual({
      title: "Too many requests",
      description: "Please wait a minute before requesting another code.",
    });
  });

  it("keeps other texts whole", () => {
    expect(splitToast("Failed to create event. Please try again.")).toEqual({ title: "Failed to create event. Please try again." });
    expect(splitToast("Sync Error")).toEqual({ title: "Sync Error" });
  });
});

describe("onboarding texts", () => {
  it("match the spec verbatim", () => {
    expect(SIGN_IN_MESSAGES.missingInformation).toBe("Missing Information: Please enter both email and password.");
    expect(SIGN_IN_MESSAGES.invalidCode).toBe("Invalid code: Enter the 6-digit code.");
    expect(SIGN_IN_MESSAGES.invalidCredentials).toBe("Invalid Credentials: Please check your email and password and try again.");
    expect(SEND_CODE_MESSAGES.tooManyRequests).toBe("Too many requests: Please wait a minute before requesting another code.");
    expect(CREATE_ACCOUNT_MESSAGES).toMatchObject({
      firstNameRequired: "First name is required",
      lastNameRequired: "Last name is required",
      emailRequired: "Email is required",
      invalidEmail: "Please enter a valid email",
      passwordRequired: "Password is required",
      passwordTooShort: "Password must be at least 6 characters",
    });
    expect(RESET_PASSWORD_MESSAGES.passwordTooShort).toBe("Password Too Short: Password must be at least 8 characters long.");
    expect(PARTNER_ERROR_MESSAGES.too_many_attempts).toBe("Too many verification attempts. Please request a new invitation.");
  });

  it("fills in counts", () => {
    expect(PARTNER_MESSAGES.attemptsRemaining(2)).toBe("2 attempts remaining");
    expect(PARTNER_MESSAGES.attemptsRemaining(1)).toBe("1 attempt remaining");
    expect(PARTNER_MESSAGES.resendIn(30)).toBe("Resend in 30s");
    expect(SETUP_MESSAGES.allInvitationsSent(3)).toBe("All 3 invitations sent successfully!");
    expect(SETUP_MESSAGES.someInvitationsSent(2, 3)).toBe("2 of 3 invitations sent successfully");
  });

  it("recognises an already-registered email in server errors", () => {
    expect(isAlreadyRegisteredError("User already registered")).toBe(true);
    expect(isAlreadyRegisteredError("User Already Exists. Use another email")).toBe(true);
    expect(isAlreadyRegisteredError("Invalid password")).toBe(false);
  });
});
