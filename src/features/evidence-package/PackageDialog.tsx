import { Alert, Button, List, Modal, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { PlainProgress } from '../../components/PlainProgress.tsx';
import { DialogActions } from '../../components/DialogActions.tsx';
import { formatBytes } from '../../upload/formatBytes.ts';
import type { usePackageDownload } from './usePackageDownload.ts';
import { hasProblem, useCheckWords } from './packageWords.ts';
import type { PackageProgress } from './writePackage.ts';

type Pack = ReturnType<typeof usePackageDownload>;

/** "about 3 minutes left", from the bytes still to come at the pace so far. */
function timeLeft(progress: PackageProgress, startedAt: number, intl: IntlShape): string | null {
  const elapsed = (performance.now() - startedAt) / 1000;
  if (progress.bytes === 0 || elapsed < 1) return null;
  const seconds = ((progress.bytesTotal - progress.bytes) / progress.bytes) * elapsed;
  const [value, unit] =
    seconds < 90 ? [Math.max(1, Math.round(seconds)), 'second'] : [Math.round(seconds / 60), 'minute'];
  const time = intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'long' });
  return intl.formatMessage(
    { defaultMessage: 'about {time} left', id: 'LosLzB', description: 'Time a package still needs' },
    { time },
  );
}

/** The package's dialog: its size before it starts, its progress with Cancel, then what became of it. */
export function PackageDialog({ pack }: { pack: Pack }) {
  const intl = useIntl();
  const checkWords = useCheckWords();
  const { state } = pack;
  const opened = state.phase !== 'idle';
  const busy = state.phase === 'counting' || state.phase === 'saving';
  const close = busy ? pack.cancel : pack.reset;
  const title = intl.formatMessage({
    defaultMessage: 'Download all files',
    id: '440R4d',
    description: 'Dialog title',
  });
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      closeOnClickOutside={!busy}
      closeButtonProps={{
        'aria-label': intl.formatMessage({
          defaultMessage: 'Close',
          id: 'zfSxIJ',
          description: 'Button: close the package dialog',
        }),
      }}
      centered
    >
      {opened && (
        <Stack data-testid="package-dialog">
          {state.phase === 'counting' && (
            <>
              <Text role="status" aria-live="polite">
                {state.files === 0 ? (
                  <FormattedMessage
                    defaultMessage="Listing files… {done} of {total} lists"
                    id="q7ZnAi"
                    values={{ done: state.listed, total: state.lists }}
                  />
                ) : (
                  <FormattedMessage
                    defaultMessage="Measuring files… {done} of {total}"
                    id="wLZcfM"
                    values={{ done: state.measured, total: state.files }}
                  />
                )}
              </Text>
              <DialogActions onCancel={pack.cancel}>{null}</DialogActions>
            </>
          )}
          {state.phase === 'ready' && state.plan.files.length === 0 && (
            <>
              <Text>
                <FormattedMessage defaultMessage="There are no files to download." id="2RSVUF" />
              </Text>
              <CloseOnly onClose={pack.reset} />
            </>
          )}
          {state.phase === 'ready' && state.plan.files.length > 0 && (
            <>
              <Text fw={600} data-testid="package-size">
                <FormattedMessage
                  defaultMessage="{files, plural, one {# file} other {# files}}, {size}. Download all?"
                  id="P7Y3Nd"
                  values={{ files: state.plan.files.length, size: formatBytes(state.bytes, intl) }}
                />
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {state.plan.files.some((file) => file.step !== null) ? (
                  <FormattedMessage
                    defaultMessage="One ZIP, a folder per step, with an index of every file and its checksum: {name}"
                    id="08w8Jc"
                    values={{ name: state.plan.zipName }}
                  />
                ) : (
                  <FormattedMessage
                    defaultMessage="One ZIP with an index of every file and its checksum: {name}"
                    id="gqFGMS"
                    description="Before a package of a record without steps (a run step, a part, a procedure)"
                    values={{ name: state.plan.zipName }}
                  />
                )}
              </Text>
              {state.unsized > 0 && (
                <Alert color="orange" role="alert">
                  <FormattedMessage
                    defaultMessage="{count, plural, one {# file} other {# files}} could not be reached to measure. They will be tried again, and the index will say if they are missing."
                    id="ZWRwaY"
                    values={{ count: state.unsized }}
                  />
                </Alert>
              )}
              <DialogActions onCancel={pack.reset}>
                <Button mih={44} onClick={() => pack.start(state.plan)} data-testid="package-start">
                  <FormattedMessage
                    defaultMessage="Download"
                    id="zdPJQW"
                    description="Button: start saving the package"
                  />
                </Button>
              </DialogActions>
            </>
          )}
          {state.phase === 'saving' && (
            <>
              <PlainProgress
                size="md"
                value={
                  state.progress.bytesTotal > 0
                    ? Math.min(100, (100 * state.progress.bytes) / state.progress.bytesTotal)
                    : 0
                }
                label={title}
              />
              <Text role="status" aria-live="polite" data-testid="package-progress">
                <FormattedMessage
                  defaultMessage="{files} of {total} files · {bytes} of {size}"
                  id="EhDKFq"
                  values={{
                    files: state.progress.files,
                    total: state.progress.filesTotal,
                    bytes: formatBytes(state.progress.bytes, intl),
                    size: formatBytes(state.progress.bytesTotal, intl),
                  }}
                />
              </Text>
              <Text size="sm" c="dimmed" mih="1.5em">
                {timeLeft(state.progress, state.startedAt, intl)}
              </Text>
              <DialogActions onCancel={pack.cancel}>{null}</DialogActions>
            </>
          )}
          {state.phase === 'done' && (
            <>
              <Text role="status" data-testid="package-done">
                <FormattedMessage
                  defaultMessage="Saved {files, plural, one {# file} other {# files}} in {name}."
                  id="r5E905"
                  values={{
                    files: state.outcomes.filter((o) => o.check !== 'missing').length,
                    name: state.plan.zipName,
                  }}
                />
              </Text>
              {state.outcomes.some(hasProblem) && (
                <Alert
                  color="red"
                  role="alert"
                  title={intl.formatMessage({
                    defaultMessage: 'Some files are not as stored',
                    id: 'tBI156',
                    description: 'Alert title after a package',
                  })}
                  data-testid="package-problems"
                >
                  <List size="sm">
                    {state.outcomes.filter(hasProblem).map((outcome) => (
                      <List.Item key={outcome.file.attachmentId} style={{ overflowWrap: 'anywhere' }}>
                        <FormattedMessage
                          defaultMessage="{path}: {verdict}"
                          id="PEMEAx"
                          description="A file of the package that has a problem, then what it is"
                          values={{ path: outcome.file.zipPath, verdict: checkWords(outcome.check) }}
                        />
                        {outcome.problem && (
                          <Text size="xs" component="span" display="block">
                            {outcome.problem}
                          </Text>
                        )}
                      </List.Item>
                    ))}
                  </List>
                </Alert>
              )}
              <CloseOnly onClose={pack.reset} />
            </>
          )}
          {state.phase === 'cancelled' && (
            <>
              <Text role="status" data-testid="package-cancelled">
                {state.how === 'download' ? (
                  <FormattedMessage
                    defaultMessage="Cancelled. The browser's download was stopped and is not a complete package."
                    id="+tqT4U"
                  />
                ) : (
                  <FormattedMessage
                    defaultMessage="Cancelled. The unfinished file was removed."
                    id="lPezvC"
                  />
                )}
              </Text>
              <CloseOnly onClose={pack.reset} />
            </>
          )}
          {state.phase === 'failed' && (
            <>
              <Alert
                color="red"
                role="alert"
                title={intl.formatMessage({
                  defaultMessage: 'The package could not be made',
                  id: 'X/y+et',
                  description: 'Alert title',
                })}
              >
                {state.message}
              </Alert>
              <DialogActions onCancel={pack.reset}>
                <Button mih={44} onClick={pack.count}>
                  <FormattedMessage
                    defaultMessage="Try again"
                    id="yzN2BI"
                    description="Button: make the package again"
                  />
                </Button>
              </DialogActions>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The dialog's one action once nothing is left to do: Close, which forgets the package made. */
function CloseOnly({ onClose }: { onClose: () => void }) {
  return (
    <DialogActions
      onCancel={onClose}
      cancel={
        <FormattedMessage defaultMessage="Close" id="zfSxIJ" description="Button: close the package dialog" />
      }
    >
      {null}
    </DialogActions>
  );
}
