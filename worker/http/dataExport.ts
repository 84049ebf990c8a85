import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { Hono } from "hono";
import { escapeHtml } from "../../src/domain/sanitize";
import type { Bindings } from "../env";
import { exportDownload } from "../services/dataExport";
import { AppError } from "../services/errors";
import { requireUser, type UserRouteVariables } from "./access";

/** A prepared link's token: a random UUID (worker/services/dataExport.ts); the part is its number, from 1. */
const TOKEN = /^[0-9a-f-]{36}$/;

/**
 * The download of a prepared export. It is opened by the browser itself (so the download shows its
 * progress there), so a refusal is a short page a person can read, with the way back.
 */
export const dataExportRoutes = new Hono<{ Bindings: Bindings; Variables: UserRouteVariables }>().use("*", requireUser).get("/:token/:part", async (c) => {
  const token = c.req.param("token");
  const part = Number(c.req.param("part"));
  try {
    if (!TOKEN.test(token) || !Number.isInteger(part) || part < 1) throw new AppError("NOT_FOUND", "EXPORT_LINK_EXPIRED");
    return await exportDownload(c.var.caller, { token, part });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = escapeHtml(error.message === error.appCode ? "This download link has expired." : error.message);
    const page = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Download unavailable</title><p>${message}</p><p><a href="/settings#your-data">Back to Settings</a></p></html>`;
    return c.html(page, getHTTPStatusCodeFromError(error) as 403 | 404);
  }
});
