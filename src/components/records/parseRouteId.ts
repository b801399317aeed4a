/** GraphQL `Int` is 32-bit: larger ids cannot exist. */
const MAX_ID = 2_147_483_647;

/** The id in a record URL, or null when it is not a positive whole number the API could hold. */
export function parseRouteId(raw: string): number | null {
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}
