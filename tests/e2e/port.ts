/** Where the end-to-end stack listens (E2E_PORT overrides). */
export const e2ePort = Number(process.env.E2E_PORT ?? 8799);
