import type { UploadEntry } from '../upload/types.ts';
import type { StoredUpload } from '../upload/uploadPorts.ts';

/** A test's upload: a.pdf queued for Part 1 by Taylor; `patch` sets what the test is about. */
export function uploadEntry(patch: Partial<UploadEntry> = {}): UploadEntry {
  return {
    id: 'x',
    file: new Blob(),
    filename: 'a.pdf',
    size: 1000,
    type: 'application/pdf',
    target: { entityId: 1, label: 'Part 1', record: { kind: 'part', id: 1 } },
    person: { subject: '1', organization: 'org', name: 'Taylor Technician' },
    state: 'queued',
    sentBytes: 0,
    bytesPerSecond: 0,
    createdAt: 0,
    ...patch,
  };
}

/** The same upload as the store keeps it (no progress; not yet registered, owned by page-1), patched. */
export function storedUpload(patch: Partial<StoredUpload> = {}): StoredUpload {
  const { sentBytes: _sent, bytesPerSecond: _speed, ...kept } = uploadEntry();
  return { ...kept, registerSent: false, owner: 'page-1', ...patch };
}
