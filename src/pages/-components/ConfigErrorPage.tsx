import { Alert, Button, Code, Container, List, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfigError, formatConfigProblem } from '../../config/appConfig.ts';

/** The file's own names, shown as they are in it. */
const code = (name: string) => <Code>{name}</Code>;

/** Shown instead of the app when /config.json is missing or invalid: says what to fix, and where. */
export function ConfigErrorPage({ error }: { error: unknown }) {
  const intl = useIntl();
  const message =
    error instanceof ConfigError
      ? formatConfigProblem(intl, error.summary)
      : error instanceof Error
        ? error.message
        : String(error);
  const problems =
    error instanceof ConfigError ? error.details.map((detail) => formatConfigProblem(intl, detail)) : [];
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>
          <FormattedMessage defaultMessage="The app cannot start" id="9r3Q3j" />
        </Title>
        <Alert color="red" title={message} role="alert">
          {problems.length > 0 && (
            <List size="sm" mb="sm">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          )}
          <Text size="sm">
            <FormattedMessage
              defaultMessage="The app reads its settings from {file} next to the page. Ask the person who installed it to check that file: it needs {apiUrl}, {authority}, {clientId}, {scopes}, {environment} and {maxUploadBytes}."
              id="iby0aA"
              description="The arguments are the configuration file's name and the names of its settings"
              values={{
                file: code('/config.json'),
                apiUrl: code('apiUrl'),
                authority: code('oidc.authority'),
                clientId: code('oidc.clientId'),
                scopes: code('oidc.scopes'),
                environment: code('environment'),
                maxUploadBytes: code('maxUploadBytes'),
              }}
            />
          </Text>
        </Alert>
        <Button onClick={() => window.location.reload()} w="fit-content">
          <FormattedMessage defaultMessage="Try again" id="FazwRl" />
        </Button>
      </Stack>
    </Container>
  );
}
