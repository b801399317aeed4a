import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { HeadedSection } from '../../components/HeadedSection.tsx';
import { getFragmentData, type FragmentType } from '../../graphql/generated/index.ts';
import { formatEnum } from '../../components/formatValue.ts';
import { StepEvidenceFields } from './evidenceDocuments.ts';
import { missesEvidence, summarise, summaryText } from './evidenceState.ts';
import readable from '../../components/readable.module.css';
import classes from './RunStepsEvidence.module.css';

interface Props {
  steps: readonly FragmentType<typeof StepEvidenceFields>[];
}

/** A run's steps at the top of its page: each one's status and which evidence it still misses. */
export function RunStepsEvidence({ steps }: Props) {
  const intl = useIntl();
  if (steps.length === 0) return null;
  return (
    <HeadedSection
      gap={4}
      heading={
        <FormattedMessage
          defaultMessage="Steps"
          id="kTZBEG"
          description="Heading: the steps of a production run"
        />
      }
    >
      <Stack component="ol" gap={0} p={0} m={0} className={classes.list}>
        {steps.map((step) => {
          const data = getFragmentData(StepEvidenceFields, step);
          const summary = summarise(data.fields?.flatMap((field) => (field ? [field] : [])) ?? []);
          const missing = missesEvidence(summary);
          return (
            <li key={data.id} className={classes.row} data-testid="run-step-evidence">
              <Anchor
                className={`${readable.link} ${classes.link}`}
                renderRoot={(props) => (
                  <Link {...props} to="/run-steps/$id" params={{ id: String(data.id) }} />
                )}
              >
                {data.position != null
                  ? intl.formatMessage(
                      {
                        defaultMessage: 'Step {position}: {title}',
                        id: 'vnMgIb',
                        description: 'A run step by its position in the run and its title',
                      },
                      { position: data.position, title: data.title },
                    )
                  : data.title}
              </Anchor>
              <Group gap="xs" wrap="nowrap" className={classes.facts}>
                {data.status && (
                  <Text size="sm" c="dimmed">
                    {formatEnum(data.status, intl)}
                  </Text>
                )}
                {summary.slots > 0 && (
                  <Badge
                    color={missing ? 'red' : 'green'}
                    variant="light"
                    data-testid="run-step-evidence-state"
                    style={{ textTransform: 'none' }}
                  >
                    {missing
                      ? intl.formatMessage(
                          {
                            defaultMessage: 'Missing: {summary}',
                            id: '2hk1Lp',
                            description:
                              'A run step still missing required files; summary e.g. "1 of 2 required files attached"',
                          },
                          { summary: summaryText(summary, intl) },
                        )
                      : summaryText(summary, intl)}
                  </Badge>
                )}
              </Group>
            </li>
          );
        })}
      </Stack>
    </HeadedSection>
  );
}
