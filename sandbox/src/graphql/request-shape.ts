/**
 * The request shapes ION's GraphQL endpoint takes, made into what graphql-yoga takes: `variables` as a
 * JSON string (what some clients and form posts send) or as "" (none), and batched arrays of requests.
 * What no shape can mend is refused with HTTP 400 and the wording of ION's server (graphene on
 * graphql-server): a malformed request is a transport error there, not a GraphQL one.
 */
export type ShapedBody = { ok: true; body: string } | { ok: false; message: string };

/** Most operations in one batched request (graphql-yoga's batching limit is set to the same). */
export const MAX_BATCH = 10;

const refuse = (message: string): ShapedBody => ({ ok: false, message });

function shapeOne(item: unknown): Record<string, unknown> | string {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) {
    return `GraphQL params should be a dict. Received ${JSON.stringify(item)}.`;
  }
  const params = { ...(item as Record<string, unknown>) };
  if (typeof params.variables === 'string') {
    if (params.variables.trim() === '') delete params.variables;
    else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(params.variables);
      } catch {
        return 'Variables are invalid JSON.';
      }
      if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed))) {
        return 'Variables are invalid JSON.';
      }
      params.variables = parsed;
    }
  }
  if (typeof params.query !== 'string' || params.query.trim() === '') return 'Must provide query string.';
  return params;
}

/** The body to hand to graphql-yoga, or the reason it is malformed. */
export function normalizeGraphQLBody(raw: string): ShapedBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return refuse('POST body sent invalid JSON.');
  }
  const batch = Array.isArray(parsed);
  const items: unknown[] = batch ? (parsed as unknown[]) : [parsed];
  if (batch && items.length === 0) return refuse('Received an empty list in the batch request.');
  if (items.length > MAX_BATCH) {
    return refuse(`Batching is limited to ${MAX_BATCH} operations per request.`);
  }
  const shaped: Record<string, unknown>[] = [];
  for (const item of items) {
    const one = shapeOne(item);
    if (typeof one === 'string') return refuse(one);
    shaped.push(one);
  }
  return { ok: true, body: JSON.stringify(batch ? shaped : shaped[0]) };
}
