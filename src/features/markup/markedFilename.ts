/** "crack.heic" → "crack.marked.jpg": the marked copy is always a JPEG, named after its original. */
export function markedFilename(original: string): string {
  const dot = original.lastIndexOf('.');
  const stem = dot > 0 ? original.slice(0, dot) : original;
  return `${stem || 'photo'}.marked.jpg`;
}
