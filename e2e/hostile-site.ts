import { createServer, type Server } from 'node:http';
import { APP_ORIGIN, freePort } from './fixtures.ts';

/**
 * How a website's page posts a file to the app's share target:
 * - 'origin': a plain form, its address sent as the referrer;
 * - 'no-referrer': the page hides its referrer (Referrer-Policy), posting in place;
 * - 'no-referrer-new-window': hiding it and opening a new window (`target=_blank`), so the worker
 *   sees no page behind the navigation (the audit's case);
 * - 'noreferrer-link': the form's own `rel=noreferrer` and `target=_blank`;
 * - 'sandboxed-top' / 'sandboxed-new-window': from a sandboxed `data:` frame, whose origin is opaque
 *   (`Origin: null`), into the top window or a new one.
 */
export type PlantWay =
  | 'origin'
  | 'no-referrer'
  | 'no-referrer-new-window'
  | 'noreferrer-link'
  | 'sandboxed-top'
  | 'sandboxed-new-window';

export interface HostileSite {
  /** The address of a page that, as it opens, posts a file of this name to the share target. */
  plant(name: string, way: PlantWay): string;
  server: Server;
}

/** A form that posts one file at once, as the page of another website would. */
function plantingForm(name: string, attributes: string): string {
  return `<form method="post" action="${APP_ORIGIN}/share" enctype="multipart/form-data" ${attributes}><input type="file" name="files"></form>
<script>
  const transfer = new DataTransfer();
  transfer.items.add(new File(['planted'], ${JSON.stringify(name)}, { type: 'image/jpeg' }));
  document.querySelector('input').files = transfer.files;
  document.forms[0].submit();
</script>`;
}

/** Another website (another origin and site: localhost, not 127.0.0.1) serving such pages. */
export async function startHostileSite(): Promise<HostileSite> {
  const port = await freePort();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://localhost:${port}`);
    const name = url.searchParams.get('name') ?? 'planted.jpg';
    const way = (url.searchParams.get('way') ?? 'origin') as PlantWay;
    const hides = way === 'no-referrer' || way === 'no-referrer-new-window';
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Referrer-Policy': hides ? 'no-referrer' : 'strict-origin-when-cross-origin',
    });
    if (way === 'sandboxed-top' || way === 'sandboxed-new-window') {
      const frame = plantingForm(name, way === 'sandboxed-top' ? 'target="_top"' : 'target="_blank"');
      const sandbox = 'allow-scripts allow-forms allow-popups allow-top-navigation';
      res.end(
        `<!doctype html><iframe sandbox="${sandbox}" src="data:text/html,${encodeURIComponent(frame)}"></iframe>`,
      );
      return;
    }
    const attributes =
      way === 'no-referrer-new-window'
        ? 'target="_blank"'
        : way === 'noreferrer-link'
          ? 'target="_blank" rel="noreferrer"'
          : '';
    res.end(`<!doctype html>${plantingForm(name, attributes)}`);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    server,
    plant: (name, way) => `http://localhost:${port}/?name=${encodeURIComponent(name)}&way=${way}`,
  };
}
