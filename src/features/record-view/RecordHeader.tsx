import { useEffect } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { documentTitle, type RecordContext } from './recordContext.ts';
import { titledName } from '../../records/recordKinds.ts';

interface Props {
  /** e.g. "Run step 17". */
  name: string;
  title: string;
  context?: RecordContext;
}

const APP_TITLE = 'Floor Attach';
/** Between the facts under the title: punctuation, not words. */
const BETWEEN = '· ';

/** The top of a record page: what the record is and where it sits in the work; it also titles the tab. */
export function RecordHeader({ name, title, context }: Props) {
  const intl = useIntl();
  const line = context?.line;
  const tabTitle = documentTitle(titledName(name, title, intl), line);
  useEffect(() => {
    document.title = tabTitle;
    return () => {
      document.title = APP_TITLE;
    };
  }, [tabTitle]);

  return (
    // Takes the row's room beside the Label button and wraps within it (a flex item's minimum width is
    // otherwise its content's).
    <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
      <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
        {name}
      </Text>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {context && (
        <>
          <Text fw={700} size="lg" data-testid="record-context" style={{ overflowWrap: 'anywhere' }}>
            {context.line}
          </Text>
          {context.details.length > 0 && (
            <Group gap="xs" component="p" m={0} c="dimmed" data-testid="record-context-details">
              {context.details.map((detail, index) => (
                <Text span key={detail} style={{ overflowWrap: 'anywhere' }}>
                  {index > 0 && BETWEEN}
                  {detail}
                </Text>
              ))}
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
