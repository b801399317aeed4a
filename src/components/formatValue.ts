/** `IN_PROGRESS` → `In progress`: the API's enum values as a technician reads them. */
export function formatEnum(value: string | null | undefined): string | null {
  if (!value) return null;
  const words = value.toLowerCase().replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
}

export function formatNumber(value: number | null | undefined, suffix = ''): string | null {
  return value === null || value === undefined ? null : `${value.toLocaleString()}${suffix}`;
}

/** Run step field values can be any JSON scalar or list; they are shown as text, never as markup. */
export function formatScalar(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}
