import { Anchor, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatEnum } from '../../components/formatValue.ts';
import readable from '../../components/readable.module.css';

export interface PartRow {
  id: number;
  partNumber: string;
  revision: string;
  description?: string | null;
  partType: string;
}

/** One page of parts; the part number opens the part's page. */
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
            <Table.Tr key={part.id}>
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
