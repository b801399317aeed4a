import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, type IntlShape } from 'react-intl';
import { getFragmentData, graphql, type FragmentType } from '../../graphql/generated/index.ts';
import { formatEnum } from '../../components/formatValue.ts';
import readable from '../../components/readable.module.css';
import { serialInTitle, serialText } from '../../records/serialNumbers.ts';
import { appIntl } from '../../i18n/index.ts';

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

/** "BRKT-0001 Rev C, SN 0041 (In progress)": a record's text with its status, when it has one. */
function withStatus(text: string, status: string | null | undefined, intl: IntlShape): string {
  const words = formatEnum(status);
  return words
    ? intl.formatMessage(
        {
          defaultMessage: '{text} ({status})',
          id: '51SkMG',
          description:
            'A run or run step in a list of links, then its status: "SN 0041 · Machine (In progress)"',
        },
        { text, status: words },
      )
    : text;
}

/**
 * "SN 0041 · BRKT-0001 Rev C, SN 0041 (In progress)": the serial first, as the floor looks for it. In
 * the language of `intl`, by default the one in force.
 */
export function runLinkText(
  run: { title: string; status?: string | null },
  intl: IntlShape = appIntl(),
): string {
  const serial = serialInTitle(run.title);
  const title = serial ? `${serialText(serial, intl)} · ${run.title}` : run.title;
  return withStatus(title, run.status, intl);
}

/** "SN 0041 · Machine per program (In progress)": a run step made from a procedure step, by its run's serial. */
export function runStepLinkText(
  runTitle: string,
  step: { title: string; status?: string | null },
  intl: IntlShape = appIntl(),
): string {
  const serial = serialInTitle(runTitle);
  return withStatus(`${serial ? serialText(serial, intl) : runTitle} · ${step.title}`, step.status, intl);
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
        {total > records.length ? (
          <FormattedMessage
            defaultMessage="{total, plural, one {# run on the runs list} other {All # runs on the runs list}}"
            id="DkcA0G"
            description="Link from a part or procedure page to the runs list, showing all its runs"
            values={{ total }}
          />
        ) : (
          <FormattedMessage
            defaultMessage="Search these runs"
            id="3nHNSy"
            description="Link from a part or procedure page to the runs list, showing its runs"
          />
        )}
      </Anchor>
    ),
  };
}
