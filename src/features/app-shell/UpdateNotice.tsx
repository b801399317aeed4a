import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { useAppUpdate } from '../../pwa/appUpdatesContext.tsx';
import { countMoving } from '../../upload/uploadCounts.ts';
import { useUploadsValue } from '../../upload/uploadQueueContext.tsx';
import { ActionNotice } from '../../components/ActionNotice.tsx';

/**
 * "Update available: reload". Never reloads on its own; asked to while files are moving, in this tab
 * or another, it waits until they are sent, so a reload never cuts an upload off halfway. Started
 * from another tab, the new version reloads this page once this page's files are sent.
 */
export function UpdateNotice() {
  const { state, apply } = useAppUpdate();
  const moving = useUploadsValue(countMoving);
  if (state === 'current') return null;

  let text;
  if (state === 'taken-over') {
    text = (
      <FormattedMessage
        defaultMessage="A new version was started in another tab: this page reloads once {count, plural, one {the file being sent is attached} other {the # files being sent are attached}}."
        id="p7QCUt"
        values={{ count: moving }}
      />
    );
  } else if (state === 'held' && moving > 0) {
    text = (
      <FormattedMessage
        defaultMessage="Update available: reloading once {count, plural, one {the file being sent is attached} other {the # files being sent are attached}}."
        id="m8tKFK"
        values={{ count: moving }}
      />
    );
  } else if (state === 'held') {
    text = (
      <FormattedMessage
        defaultMessage="Update available: reloading once the files being sent from another tab are attached."
        id="H+O0yf"
      />
    );
  } else {
    text = <FormattedMessage defaultMessage="Update available: reload to use the new version." id="SyAU9M" />;
  }
  return (
    <ActionNotice
      color="blue"
      icon={<IconRefresh size={20} aria-hidden />}
      mb="md"
      role="status"
      action={
        state === 'ready' && (
          <Button variant="light" onClick={() => void apply()}>
            <FormattedMessage
              defaultMessage="Reload"
              id="x6cgRR"
              description="Button: reload the page to start the app's new version"
            />
          </Button>
        )
      }
    >
      {text}
    </ActionNotice>
  );
}
