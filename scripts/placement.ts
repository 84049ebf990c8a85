import { unstable_readConfig } from "wrangler";

/**
 * Where the Worker's fetch handler runs (wrangler.toml's `[placement] region`, issue 40) against
 * where the database is. Neon names its region in the host (`<endpoint>[-pooler].<region>.<cloud>.neon.tech`),
 * which is the `<cloud>:<region>` a placement hint takes.
 */
export function neonRegion(databaseUrl: string): string | undefined {
  const host = new URL(databaseUrl).hostname;
  const match = /^[^.]+\.([a-z0-9-]+)\.(aws|azure)\.neon\.tech$/.exec(host);
  return match ? `${match[2]}:${match[1]}` : undefined;
}

/** The placement region of the configuration at `configPath`, as wrangler reads and validates it. */
export function placementRegion(configPath: string): string | undefined {
  const { placement } = unstable_readConfig({ config: configPath }, { hideWarnings: true });
  return placement && "region" in placement ? placement.region : undefined;
}

/** Why a deploy to `databaseUrl` with this configuration would run the Worker far from its database, or nothing. */
export function placementMismatch(databaseUrl: string, configPath: string): string | undefined {
  const database = neonRegion(databaseUrl);
  const placed = placementRegion(configPath);
  if (!placed) return "wrangler.toml has no [placement] region: the Worker would run far from the database for far families.";
  if (database && database !== placed) return `The database is in ${database} but wrangler.toml places the Worker in ${placed}: set [placement] region = "${database}".`;
  return undefined;
}
