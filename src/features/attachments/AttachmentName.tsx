import { Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { displayFilename } from '../../components/displayFilename.ts';

/** A filename as plain text, with hidden direction and control characters made visible. */
export function AttachmentName({ filename }: { filename: string | null }) {
  const { text, revealed } = displayFilename(filename, useIntl());
  return (
    <span>
      <Text component="span" fw={600} dir="auto" style={{ overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}>
        {text}
      </Text>
      {revealed && (
        <Text component="span" size="xs" c="dimmed" display="block">
          <FormattedMessage
            defaultMessage="This name contains hidden characters, shown as [U+…] codes."
            id="YkOBp7"
          />
        </Text>
      )}
    </span>
  );
}
