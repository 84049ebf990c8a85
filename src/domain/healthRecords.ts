/**
 * The parents' health records (issue 9): what the four tools share. Each has its module:
 * healthLogs.ts, birthPlan.ts, hospitalBag.ts, medicalContacts.ts. The spec names only their
 * routes, so the vocabulary, suggestions and limits are ours, chosen from what the best pregnancy
 * apps offer. Pure rules: the forms and the worker validate with the same schemas.
 */

/** Symptom severity runs from 1 (very mild) to 5 (severe). */
export const SYMPTOM_SEVERITY_MIN = 1;

export const SYMPTOM_SEVERITY_MAX = 5;

export const HEALTH_RECORD_MESSAGES = {
  nameRequired: "Please enter a name",
  severityOutOfRange: `Please choose a severity from ${SYMPTOM_SEVERITY_MIN} to ${SYMPTOM_SEVERITY_MAX}`,
  invalidPhone: "Please enter a valid phone number",
  invalidEmail: "Please enter a valid email address",
  invalidLogDate: "The time of this entry does not match its day",
  futureLog: "This entry is dated in the future",
  tooManyItems: "Your hospital bag lists are full. Remove an item to add another.",
  tooManyContacts: "You have reached the limit of medical contacts. Remove one to add another.",
  idTaken: "This id is already used",
} as const;
