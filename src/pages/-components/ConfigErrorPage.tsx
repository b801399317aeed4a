import { Alert, Button, Code, Container, List, Stack, Text, Title } from '@mantine/core';
import { ConfigError } from '../../config/appConfig';

/** Shown instead of the app when /config.json is missing or invalid: says what to fix, and where. */
export function ConfigErrorPage({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  const problems = error instanceof ConfigError ? error.problems : [];
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>The app cannot start</Title>
        <Alert color="red" title={message} role="alert">
          {problems.length > 0 && (
            <List size="sm" mb="sm">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          )}
          <Text size="sm">
            The app reads its settings from <Code>/config.json</Code> next to the page. Ask the person who
            installed it to check that file: it needs <Code>apiUrl</Code>, <Code>oidc.authority</Code>,{' '}
            <Code>oidc.clientId</Code>, <Code>oidc.scopes</Code>, <Code>environment</Code> and{' '}
            <Code>maxUploadBytes</Code>.
          </Text>
        </Alert>
        <Button onClick={() => window.location.reload()} w="fit-content">
          Try again
        </Button>
      </Stack>
    </Container>
  );
}
