import { describe, expect, it } from 'vitest';
import { initialAssets } from '../lib/bundleAssets.ts';

describe('initialAssets', () => {
  it('lists the entry script, modulepreloads and stylesheets of a Vite index.html', () => {
    const html = `<!doctype html><html><head>
      <link rel="icon" href="/favicon.svg" />
      <script type="module" crossorigin src="/assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
      <link rel=stylesheet crossorigin href="/assets/index-123.css">
      <link rel="stylesheet" href="https://fonts.example.com/x.css">
      <script type="module" src="/assets/index-abc.js"></script>
    </head><body><div id="root"></div></body></html>`;
    expect(initialAssets(html)).toEqual({
      scripts: ['assets/index-abc.js', 'assets/vendor-def.js'],
      styles: ['assets/index-123.css'],
    });
  });
});
