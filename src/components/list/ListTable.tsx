import type { MouseEvent, ReactNode } from 'react';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import readable from '../readable.module.css';
import classes from './listRow.module.css';

/**
 * A tap anywhere on a row opens its record, as the row's first link does: the link stays the row's
 * one target for the keyboard and screen readers, and a click with a modifier key is left to the
 * browser. Selecting text to copy it opens nothing.
 */
function openRowLink(event: MouseEvent<HTMLTableRowElement>): void {
  const plain = event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey;
  if (!plain || (event.target as Element).closest('a') || window.getSelection()?.toString()) return;
  event.currentTarget.querySelector('a')?.click();
}

/** One column of a list's table: its header, and what it shows of a row. */
export interface ListColumn<R> {
  header: string;
  cell(row: R): ReactNode;
  /** Long text (a description, a title) breaks anywhere instead of widening the table. */
  wrap?: boolean;
}

interface Props<R extends { id: number }> {
  columns: readonly ListColumn<R>[];
  rows: readonly R[];
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The next page is loading: the rows shown are dimmed. */
  busy: boolean;
}

/**
 * One page of a list: a header row, then a row per record that opens it (ListRow); the first column's
 * cell holds the record's RowLink.
 */
export function ListTable<R extends { id: number }>({ columns, rows, minWidth, busy }: Props<R>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-busy={busy}
        style={{ opacity: busy ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <ListRow key={row.id}>
              {columns.map((column) => (
                <Table.Td key={column.header} style={column.wrap ? { overflowWrap: 'anywhere' } : undefined}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </ListRow>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A row whose first link (RowLink) opens its record, from a tap anywhere on it too. */
function ListRow({ children }: { children: ReactNode }) {
  return (
    <Table.Tr className={classes.row} onClick={openRowLink}>
      {children}
    </Table.Tr>
  );
}

/** The link to a row's record, 44 px tall for a gloved finger. `to` is one of the `/<kind>/$id` routes. */
export function RowLink({
  to,
  id,
  label,
  children,
}: {
  to: '/parts/$id' | '/runs/$id';
  id: number;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Anchor
      className={readable.link}
      renderRoot={(props) => <Link {...props} to={to} params={{ id: String(id) }} />}
      fw={600}
      aria-label={label}
      style={{ display: 'inline-flex', minHeight: 44, alignItems: 'center', overflowWrap: 'anywhere' }}
    >
      {children}
    </Anchor>
  );
}

/** A cell's value, or what stands for it when there is none ("No description"). */
export function OrNone({ value, none }: { value: string | null | undefined; none: string }) {
  return value ? (
    <>{value}</>
  ) : (
    <Text span c="dimmed" fs="italic">
      {none}
    </Text>
  );
}
