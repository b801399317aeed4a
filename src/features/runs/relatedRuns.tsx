import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { getFragmentData, graphql, type FragmentType } from '../../graphql/generated/index.ts';
import { formatEnum } from '../../components/formatValue.ts';
import readable from '../../components/readable.module.css';
import { serialInTitle, serialText } from '../../records/serialNumbers.ts';

/** How many runs a record page lists before linking to the runs list for the rest. */
export const RELATED_RUNS = 10;

/** A record page's runs: `runs(filters: …, sort: [_CREATED_DESC], first: 10) { ...RelatedRuns }`. */
export const RelatedRunsFields = graphql(`
  fragment RelatedRuns on RunsConnection {
    pageInfo {
      totalCount
    }
    edges {
      node {
        id
        title
        status
      }
    }
  }
`);

interface RelatedRun {
  kind: 'run';
  id: number;
  text: string;
}

/** "SN 0041 · BRKT-0001 Rev C, SN 0041 (In progress)": the serial first, as the floor looks for it. */
export function runLinkText(run: { title: string; status?: string | null }): string {
  const serial = serialInTitle(run.title);
  const status = formatEnum(run.status);
  const title = serial ? `${serialText(serial)} · ${run.title}` : run.title;
  return status ? `${title} (${status})` : title;
}

/** "SN 0041 · Machine per program (In progress)": a run step made from a procedure step, by its run's serial. */
export function runStepLinkText(runTitle: string, step: { title: string; status?: string | null }): string {
  const serial = serialInTitle(runTitle);
  const status = formatEnum(step.status);
  const text = `${serial ? serialText(serial) : runTitle} · ${step.title}`;
  return status ? `${text} (${status})` : text;
}

/** The runs of a part or procedure, newest first, and a link to all of them on the runs list. */
export function relatedRuns(
  connection: FragmentType<typeof RelatedRunsFields> | null | undefined,
  scope: { part: number } | { procedure: number },
): { records: RelatedRun[]; more?: ReactNode } {
  const data = getFragmentData(RelatedRunsFields, connection);
  const records = (data?.edges ?? []).flatMap((edge) =>
    edge?.node ? [{ kind: 'run' as const, id: edge.node.id, text: runLinkText(edge.node) }] : [],
  );
  const total = data?.pageInfo.totalCount ?? records.length;
  return {
    records,
    more: (
      <Anchor
        className={readable.link}
        renderRoot={(props) => <Link {...props} to="/runs" search={scope} />}
        style={{ display: 'inline-flex', minHeight: 44, alignItems: 'center' }}
      >
        {total > records.length ? `All ${total.toLocaleString()} runs on the runs list` : 'Search these runs'}
      </Anchor>
    ),
  };
}
