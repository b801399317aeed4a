import { Button, Group, Menu, Paper, Text } from '@mantine/core';
import { IconBarcode, IconChevronDown } from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  RECORD_KINDS,
  RECORD_ROUTES,
  recordName,
  recordPath,
  type RecordKind,
} from '../../records/recordKinds.ts';

/**
 * On a record that a scanned bare number opened: what it was opened as, and the other kinds of
 * record with that number, one tap away (the page's guess, bareNumberKind, can be wrong). Shown on
 * that history entry only, whether the record is found or not.
 */
export function OpenedAsNotice({ kind, id }: { kind: RecordKind; id: number }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const shown = useRouterState({
    select: (state) =>
      state.location.pathname === recordPath(kind, id) && state.location.state.scannedBareNumber === true,
  });
  if (!shown) return null;
  const name = recordName(kind, id, intl);
  return (
    <Paper withBorder p="xs" px="sm" role="status" data-testid="opened-as">
      <Group justify="space-between" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconBarcode size={22} aria-hidden />
          <Text>
            <FormattedMessage
              defaultMessage="Scanned number: opened as <strong>{name}</strong>"
              id="go3xgv"
              description="A scanned number with no kind opened this record, named e.g. Run 101"
              values={{ name, strong: (chunks) => <strong>{chunks}</strong> }}
            />
          </Text>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="default"
              rightSection={<IconChevronDown size={18} aria-hidden />}
              aria-label={intl.formatMessage(
                { defaultMessage: 'Change: open {id} as another kind of record', id: 'WelP8S' },
                { id: String(id) },
              )}
            >
              <FormattedMessage
                defaultMessage="Change"
                id="gm9RgW"
                description="Button: open the scanned number as another kind of record"
              />
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>
              <FormattedMessage
                defaultMessage="Open {id} as"
                id="WjES4I"
                description="Heading of a menu of kinds of record: open the number as a Part, a Run…"
                values={{ id: String(id) }}
              />
            </Menu.Label>
            {RECORD_KINDS.filter((other) => other.kind !== kind).map((other) => (
              <Menu.Item
                key={other.kind}
                onClick={() =>
                  // In place of the wrong guess, so Back does not return to it; still a scanned number.
                  void navigate({
                    to: RECORD_ROUTES[other.kind] as (typeof RECORD_ROUTES)['run'],
                    params: { id: String(id) },
                    replace: true,
                    state: { scannedBareNumber: true },
                  })
                }
              >
                {recordName(other.kind, id, intl)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Paper>
  );
}
