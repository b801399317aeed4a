import { Group, Image, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { appIntl } from '../../i18n/index.ts';
import { displayFilename } from '../../components/displayFilename.ts';
import { formatBytes } from '../../upload/formatBytes.ts';
import type { Share } from '../../share/shareInbox.ts';

const THUMB = 56;

/** "10:42" today, else the date too: when a share came, so a technician can tell theirs from another. */
export function sharedAt(receivedAt: number, now = new Date(), intl: IntlShape = appIntl()): string {
  const at = new Date(receivedAt);
  return at.toDateString() === now.toDateString()
    ? intl.formatTime(at, { hour: '2-digit', minute: '2-digit' })
    : intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A photo as a small picture (the browser decodes it scaled down); any other file as an icon. */
function Thumbnail({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);
  const isImage = file.type.startsWith('image/');
  // The object URL lives exactly as long as the picture shows it.
  useEffect(() => {
    const element = image.current;
    if (!element) return;
    const url = URL.createObjectURL(file);
    element.src = url;
    return () => {
      element.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [file]);
  if (isImage) {
    return (
      <Image ref={image} alt="" w={THUMB} h={THUMB} fit="cover" radius="sm" data-testid="shared-thumbnail" />
    );
  }
  return (
    <ThemeIcon variant="light" color="gray" size={THUMB} radius="sm" aria-hidden>
      <IconFile size={28} stroke={1.5} />
    </ThemeIcon>
  );
}

/** One share's files, each with a thumbnail, its name as stored (hidden characters shown) and size. */
export function SharedFileList({ share }: { share: Share }) {
  const intl = useIntl();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {share.files.map((file, index) => {
        const name = displayFilename(file.name);
        return (
          <Group component="li" key={index} gap="sm" wrap="nowrap" aria-label={name.text}>
            <Thumbnail file={file} />
            <Stack gap={0} miw={0}>
              <Text
                size="sm"
                fw={600}
                dir="auto"
                style={{ overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}
              >
                {name.text}
              </Text>
              {/* Not dimmed: the list also sits on coloured alerts, where dimmed grey is under 4.5:1. */}
              <Text size="xs">
                {name.revealed
                  ? intl.formatMessage(
                      {
                        defaultMessage:
                          '{size} · This name contains hidden characters, shown as [U+…] codes.',
                        id: '2alQB8',
                      },
                      { size: formatBytes(file.size, intl) },
                    )
                  : formatBytes(file.size, intl)}
              </Text>
            </Stack>
          </Group>
        );
      })}
    </Stack>
  );
}
