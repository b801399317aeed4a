/** "just now", "12 min ago", "3 h 5 min ago", or the date and time for older. */
export function formatAge(ms: number, at: Date): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min ago`;
  return `on ${at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`;
}
