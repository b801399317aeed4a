import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
// Vite bundles the worker as its own file on this origin, which the CSP's worker-src 'self' allows.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { canvasJpeg } from './keptForms.ts';

// One worker for the page, shared with the PDF preview (whichever loads first starts it).
GlobalWorkerOptions.workerPort ??= new Worker(workerUrl, { type: 'module' });

/** The width a PDF's first page is drawn at: readable on a tablet, about 100 KB as a JPEG. */
export const FIRST_PAGE_WIDTH_PX = 1000;

/**
 * A PDF's first page drawn with pdf.js as a JPEG: what a pinned record's PDF shows offline. Loaded on
 * demand (pdf.js is large), when the first PDF of a pin is kept.
 */
export async function pdfFirstPage(pdf: Blob, width = FIRST_PAGE_WIDTH_PX): Promise<Blob> {
  const doc = await getDocument({ data: new Uint8Array(await pdf.arrayBuffer()), isEvalSupported: false })
    .promise;
  try {
    const page = await doc.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: Math.min(4, width / unscaled.width) });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.floor(viewport.width));
    canvas.height = Math.max(1, Math.floor(viewport.height));
    await page.render({ canvas, viewport }).promise;
    return await canvasJpeg(canvas);
  } finally {
    await doc.destroy();
  }
}
