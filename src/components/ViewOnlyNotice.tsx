import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useViewOnly } from './viewOnly.tsx';
import { ActionNotice } from './ActionNotice.tsx';

/** Said once the server has refused this user an attach or a delete: what is left to do here. */
export function ViewOnlyNotice() {
  const intl = useIntl();
  const { viewOnly, checkAgain } = useViewOnly();
  if (!viewOnly) return null;
  return (
    <ActionNotice
      color="gray"
      icon={<IconLock size={20} aria-hidden />}
      title={intl.formatMessage({
        defaultMessage: 'View only',
        id: '7y8A+m',
        description: 'The page can be read but no file attached or deleted',
      })}
      data-testid="view-only"
      stacked
      action={
        <Button variant="default" size="sm" onClick={checkAgain}>
          <FormattedMessage defaultMessage="My rights changed: check again" id="PRIgIa" />
        </Button>
      }
    >
      <FormattedMessage
        defaultMessage="The server does not let you attach or delete files. You can still open, preview and download them; ask a supervisor if you need to add evidence."
        id="MxCKu5"
      />
    </ActionNotice>
  );
}
