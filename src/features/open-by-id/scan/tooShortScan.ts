/** What the technician is told of a scan too short to be a label (see WedgeScanner's minLength). */
export function tooShortScanMessage(text: string): string {
  return `The scanner sent only “${text}”: too short for a label, so nothing was opened. Scan the label again, or type its id on the home page.`;
}
