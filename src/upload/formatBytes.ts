const units = ['B', 'KB', 'MB', 'GB', 'TB'];

/** "1.5 MB": sizes and speeds as a technician reads them (powers of 1024, one decimal above KB). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit >= 2 && value < 100 ? 1 : 0;
  return `${value.toFixed(digits)} ${units[unit]}`;
}
