/**
 * Whether a value read back from the device's storage, or parsed from a fetched file, is an object of
 * fields: not null, not an array. What every reader of such a value checks first.
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
