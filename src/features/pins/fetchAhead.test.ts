import { describe, expect, it } from 'vitest';
import { keptFormOf, readFetchedRecord } from './fetchAhead.ts';
import { fitWithin } from './keptForms.ts';

const file = (id: number, filename: string, contentType: string | null, url = `https://s3.test/${id}?s`) => ({
  __typename: 'FileAttachment',
  id,
  filename,
  contentType,
  downloadUrl: url,
});

describe('what pinning reads of a record page’s answer', () => {
  it('takes a run’s steps and its keepable attachments, with the URLs the answer gave', () => {
    const data = {
      run: {
        id: 1,
        steps: [{ id: 11 }, null, { id: 12 }],
        entity: {
          id: 5,
          fileAttachments: [
            file(1, 'torque.jpg', 'image/jpeg'),
            file(2, 'report.pdf', 'application/pdf'),
            file(3, 'drawing.svg', 'image/svg+xml'),
            file(4, 'log.txt', 'text/plain'),
            file(5, 'photo.png', 'image/png', 'javascript:alert(1)'),
            null,
          ],
        },
      },
    };
    expect(readFetchedRecord({ kind: 'run', id: 1 }, data)).toEqual({
      attachments: [
        { id: 1, form: 'image', url: 'https://s3.test/1?s' },
        { id: 2, form: 'pdf-first-page', url: 'https://s3.test/2?s' },
      ],
      children: [
        { kind: 'runStep', id: 11 },
        { kind: 'runStep', id: 12 },
      ],
    });
  });

  it('takes a run step’s fields, and nothing more of other kinds', () => {
    const step = { runStep: { id: 11, fields: [{ id: 111 }], entity: { id: 6, fileAttachments: [] } } };
    expect(readFetchedRecord({ kind: 'runStep', id: 11 }, step).children).toEqual([
      { kind: 'runStepField', id: 111 },
    ]);
    const part = { part: { id: 7, entity: null } };
    expect(readFetchedRecord({ kind: 'part', id: 7 }, part)).toEqual({ attachments: [], children: [] });
  });

  it('says a record that is not there was not found', () => {
    expect(() => readFetchedRecord({ kind: 'run', id: 9 }, { run: null })).toThrow(/not found/);
  });

  it('keeps images (not SVG), PDFs and clips, by type or by name', () => {
    expect(keptFormOf('image/webp', 'x')).toBe('image');
    expect(keptFormOf('application/octet-stream', 'scan.PDF')).toBe('pdf-first-page');
    expect(keptFormOf('application/octet-stream', 'logo.svg')).toBeNull();
    // A clip keeps one frame (read through its URL by the player, not whole); a sound keeps nothing.
    expect(keptFormOf('video/mp4', 'clip.mp4')).toBe('video-frame');
    expect(keptFormOf('audio/webm', 'note.weba')).toBeNull();
  });

  it('makes images small on their long edge, never larger', () => {
    expect(fitWithin(4000, 3000, 640)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(300, 1200, 640)).toEqual({ width: 160, height: 640 });
    expect(fitWithin(4, 4, 640)).toEqual({ width: 4, height: 4 });
  });
});
