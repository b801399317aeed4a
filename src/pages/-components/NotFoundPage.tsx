import { Button, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { CenteredPanel } from '../../components/CenteredPanel.tsx';

export function NotFoundPage() {
  const intl = useIntl();
  return (
    <CenteredPanel title={intl.formatMessage({ defaultMessage: 'Page not found', id: 'QRccCM' })}>
      <Text>
        <FormattedMessage
          defaultMessage="There is no page at this address. Check the link or open the record by its id."
          id="KqDKBi"
        />
      </Text>
      <Button component={Link} to="/" w="fit-content">
        <FormattedMessage
          defaultMessage="Open by id"
          id="uTHwkD"
          description="Navigation: the start page, opening a record by its id"
        />
      </Button>
    </CenteredPanel>
  );
}
