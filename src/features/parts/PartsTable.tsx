import type { MouseEvent } from 'react';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatEnum } from '../../components/formatValue.ts';
import readable from '../../components/readable.module.css';
import classes from './PartsTable.module.css';

export interface PartRow {
  id: number;
  partNumber: string;
  revision: string;
  description?: string | null;
  partType: string;
}

/**
 * A tap anywhere on a row opens its part, as its part number's link does: the link stays the row's one
 * target for the keyboard and screen readers, and a click with a modifier key is left to the browser.
 * Selecting a description to copy it opens nothing.
 */
function openRowPart(event: MouseEvent<HTMLTableRowElement>): void {
  const plain = event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
  if (!plain || (event.target as Element).closest('a') || window.getSelection()?.toString()) return;
  event.currentTarget.querySelector('a')?.click();
}

/** One page of parts; a row opens the part's page (its part number is the link). */
export function PartsTable({ parts, busy }: { parts: PartRow[]; busy: boolean }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Part number</Table.Th>
            <Table.Th scope="col">Rev</Table.Th>
            <Table.Th scope="col">Description</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parts.map((part) => (
            <Table.Tr key={part.id} className={classes.row} onClick={openRowPart}>
              <Table.Td>
                <Anchor
                  className={readable.link}
                  renderRoot={(props) => <Link {...props} to="/parts/$id" params={{ id: String(part.id) }} />}
                  fw={600}
                  style={{
                    display: 'inline-flex',
                    minHeight: 44,
                    alignItems: 'center',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {part.partNumber}
                </Anchor>
              </Table.Td>
              <Table.Td>{part.revision}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {part.description || (
                  <Text span c="dimmed" fs="italic">
                    No description
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatEnum(part.partType)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
