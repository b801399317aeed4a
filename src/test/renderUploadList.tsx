// For tests only (never imported by the app): they render inside the app's own providers.
import { UiProviders } from '../app/AppProviders.tsx';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { useUploads, UploadQueueProvider } from '../upload/uploadQueueContext.tsx';
import type { UploadQueue } from '../upload/uploadQueue.ts';
import { UploadList } from '../features/upload/UploadList.tsx';
import { ConfigProvider } from '../config/ConfigContext.tsx';
import { TEST_CONFIG } from './renderApp.tsx';

function Uploads({ title }: { title: string }) {
  return <UploadList entries={useUploads()} title={title} />;
}

/** For tests: `ui` as the app renders it, in its own providers, with `queue` as the upload queue. */
export function renderWithQueue(queue: UploadQueue, ui: ReactNode) {
  return render(
    <UiProviders>
      <ConfigProvider config={TEST_CONFIG}>
        <UploadQueueProvider queue={queue}>{ui}</UploadQueueProvider>
      </ConfigProvider>
    </UiProviders>,
  );
}

/** For tests: the queue's files as the upload list shows them, re-read at every queue change. */
export function renderUploadList(queue: UploadQueue, title: string) {
  return renderWithQueue(queue, <Uploads title={title} />);
}
