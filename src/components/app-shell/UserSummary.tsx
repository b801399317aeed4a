import { Stack, Text, Skeleton } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { toUserMessage } from '../../graphql/errors';
import { ERRORS_IN_PLACE } from '../../graphql/links';
import { CurrentUserQuery } from './currentUserQuery';

/** Who is signed in and for which organization, from the API's `me`. */
export function UserSummary() {
  const { data, error, loading } = useQuery(CurrentUserQuery, { context: ERRORS_IN_PLACE });
  if (loading && !data) return <Skeleton h={48} aria-label="Loading your profile" />;
  if (error && !data) {
    return (
      <Text size="sm" c="red" role="alert">
        {toUserMessage(error)}
      </Text>
    );
  }
  const me = data?.me;
  if (!me) return null;
  const organization = me.organization?.name || me.organization?.domain;
  return (
    <Stack gap={0} aria-label="Signed in user" data-testid="current-user">
      <Text fw={600} truncate="end">
        {me.name || me.email}
      </Text>
      {me.email && (
        <Text size="sm" c="dimmed" truncate="end">
          {me.email}
        </Text>
      )}
      {organization && (
        <Text size="sm" c="dimmed" truncate="end">
          {organization}
        </Text>
      )}
    </Stack>
  );
}
