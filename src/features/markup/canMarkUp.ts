/** Picture types every browser the app supports decodes, so the editor can open them. */
const markable = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/bmp', 'image/avif']);

export function canMarkUp(contentType: string | null | undefined): boolean {
  return markable.has((contentType ?? '').split(';')[0]!.trim().toLowerCase());
}
