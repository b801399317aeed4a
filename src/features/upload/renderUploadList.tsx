// For tests only (never imported by the app): they render inside the app's own providers.
// eslint-disable-next-line boundaries/dependencies
import { UiProviders } from '../../app/AppProviders';
import { render } from '@testing-library/react';
import { useUploads, UploadQueueProvider } from '../../components/uploadQueueContext.tsx';
import type { UploadQueue } from '../../upload/uploadQueue.ts';
import { UploadList } from './UploadList.tsx';

function Uploads({ title }: { title: string }) {
  return <UploadList entries={useUploads()} title={title} />;
}

/** For tests: the queue's files as the upload list shows them, re-read at every queue change. */
export function renderUploadList(queue: UploadQueue, title: string) {
  return render(
    <UiProviders>
      <UploadQueueProvider queue={queue}>
        <Uploads title={title} />
      </UploadQueueProvider>
    </UiProviders>,
  );
}
