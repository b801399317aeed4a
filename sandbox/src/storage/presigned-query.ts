/** Query parameters as received, decoded once; repeated names keep every value in order. */
export type Query = Record<string, string | string[]>;

/** Splits a raw request target into its still-encoded path and its decoded query; null when malformed. */
export function splitTarget(target: string): { rawPath: string; query: Query } | null {
  const q = target.indexOf('?');
  const rawPath = q === -1 ? target : target.slice(0, q);
  const query: Query = Object.create(null) as Query;
  if (q === -1) return { rawPath, query };
  try {
    for (const pair of target.slice(q + 1).split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      const name = decodeURIComponent(eq === -1 ? pair : pair.slice(0, eq));
      const value = eq === -1 ? '' : decodeURIComponent(pair.slice(eq + 1));
      const existing = query[name];
      if (existing === undefined) query[name] = value;
      else query[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  } catch {
    return null;
  }
  return { rawPath, query };
}

/** The single value of a parameter; undefined when absent or repeated. */
export function single(query: Query, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}
