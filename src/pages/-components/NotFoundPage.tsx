import { Button, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CenteredPanel } from '../../components/CenteredPanel';

export function NotFoundPage() {
  return (
    <CenteredPanel title="Page not found">
      <Text>There is no page at this address. Check the link or open the record by its id.</Text>
      <Button component={Link} to="/" w="fit-content">
        Open by id
      </Button>
    </CenteredPanel>
  );
}
