import { z } from "zod";
import { NAME_MAX_LENGTH } from "../../src/domain/textLimits";

/**
 * Over-long text is cut with '...' rather than refused (core spec 5), and post HTML is measured
 * after sanitising, so inputs allow some room over the stored limits before refusing outright.
 */
const RAW_TEXT_ROOM = 4;

export const rawText = (max: number) => z.string().max(max * RAW_TEXT_ROOM);

export const emailInput = z.email().max(NAME_MAX_LENGTH * 3);
const personName = z.string().trim().min(1).max(NAME_MAX_LENGTH);
/** Ours: Stripe's ids are well below this. */
const STRIPE_ID_MAX_LENGTH = 255;
/** A Stripe checkout session's id, as its return URL hands it back (billing and gift cards). */
export const stripeSessionId = z.string().trim().min(1).max(STRIPE_ID_MAX_LENGTH);

/** Whom a partner invitation is for (partners.invite and pregnancy setup). */
export const partnerInviteeSchema = z.object({ email: emailInput, firstName: personName, lastName: personName });
