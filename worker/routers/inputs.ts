import { z } from "zod";

/**
 * Over-long text is cut with '...' rather than refused (core spec 5), and post HTML is measured
 * after sanitising, so inputs allow some room over the stored limits before refusing outright.
 */
const RAW_TEXT_ROOM = 4;

export const rawText = (max: number) => z.string().max(max * RAW_TEXT_ROOM);
