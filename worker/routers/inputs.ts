import { z } from "zod";

/**
 * Raw text may carry markup that sanitising removes (and over-long text is cut with '...', core
 * spec 5), so inputs allow some room over the stored limits before refusing outright.
 */
const RAW_TEXT_ROOM = 4;

export const rawText = (max: number) => z.string().max(max * RAW_TEXT_ROOM);
