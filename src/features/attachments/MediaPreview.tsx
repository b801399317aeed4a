import { useState, type SyntheticEvent } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { displayFilename } from '../../components/displayFilename.ts';
import { clockTime } from '../../lib/clockTime.ts';
import { FAILURE_WORDS } from '../../failures/failures.ts';
import { RetryMessage } from '../../components/RetryMessage.tsx';

type MediaState =
  | { status: 'loading' }
  | { status: 'ready'; seconds: number }
  | { status: 'cannot-play' }
  | { status: 'unreachable' };

interface Props {
  /** A freshly signed storage URL: storage answers `Range`, so the player seeks without the whole file. */
  url: string;
  kind: 'video' | 'audio';
  filename: string | null;
}

/**
 * Plays a clip or a sound in the preview with the browser's own controls (keyboard-reachable, sized
 * for a finger). A WebM straight from a recorder says its length is unknown (Infinity) until the
 * player has been to its end: asked to seek far past it, the player finds the real length, then goes
 * back to the start. A file this browser cannot decode says so; the preview's Download stays there.
 */
export function MediaPreview({ url, kind, filename }: Props) {
  const intl = useIntl();
  const [state, setState] = useState<MediaState>({ status: 'loading' });
  // Each try again is a new player on the same signed URL.
  const [attempt, setAttempt] = useState(0);
  const name = displayFilename(filename, intl).text;

  const onMetadata = (event: SyntheticEvent<HTMLMediaElement>) => {
    const media = event.currentTarget;
    if (Number.isFinite(media.duration)) setState({ status: 'ready', seconds: media.duration });
    else media.currentTime = Number.MAX_SAFE_INTEGER;
  };
  const onDurationChange = (event: SyntheticEvent<HTMLMediaElement>) => {
    const media = event.currentTarget;
    if (state.status !== 'loading' || !Number.isFinite(media.duration)) return;
    setState({ status: 'ready', seconds: media.duration });
    if (media.currentTime > 0) media.currentTime = 0;
  };
  const onError = (event: SyntheticEvent<HTMLMediaElement>) => {
    const error = event.currentTarget.error;
    if (!error) return;
    // A read the network cut (a dead zone) is not the file's fault: said as such, and tried again.
    // What the player cannot decode is: the download is what is left, and it is offered.
    setState({ status: error.code === MediaError.MEDIA_ERR_NETWORK ? 'unreachable' : 'cannot-play' });
  };

  if (state.status === 'unreachable') {
    return (
      <Alert color="red" data-testid="media-unreachable">
        <RetryMessage
          size="sm"
          message={FAILURE_WORDS.storageUnreachable}
          onRetry={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      </Alert>
    );
  }

  if (state.status === 'cannot-play') {
    return (
      <Alert
        color="gray"
        title={intl.formatMessage({
          defaultMessage: 'This tablet cannot play this file',
          id: 'SME+MF',
          description: 'Title: a video or sound file the browser cannot play',
        })}
        data-testid="media-cannot-play"
      >
        <FormattedMessage
          defaultMessage="{name} is in a format this browser does not play. Download it to open it in another app."
          id="UHfB4T"
          values={{ name }}
        />
      </Alert>
    );
  }

  const label =
    kind === 'video'
      ? intl.formatMessage(
          { defaultMessage: 'Clip {name}', id: 'Oa7lpS', description: 'Video player' },
          { name },
        )
      : intl.formatMessage(
          { defaultMessage: 'Sound {name}', id: 'RZTpcd', description: 'Audio player' },
          { name },
        );
  const common = {
    src: url,
    controls: true,
    preload: 'metadata',
    // The same signed URL may be read by fetch too (a download): the cached answer must be a CORS one.
    crossOrigin: 'anonymous',
    'aria-label': label,
    'data-testid': 'media-preview',
    onLoadedMetadata: onMetadata,
    onDurationChange,
    onError,
  } as const;
  return (
    <Stack gap="xs" align="stretch">
      {kind === 'video' ? (
        <video
          key={attempt}
          {...common}
          playsInline
          style={{ width: '100%', maxHeight: '65vh', background: '#000' }}
        />
      ) : (
        <audio key={attempt} {...common} style={{ width: '100%', minHeight: 54 }} />
      )}
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="media-length">
        {state.status === 'ready' ? (
          <FormattedMessage
            defaultMessage="Length {length}"
            id="vSoAiL"
            description="How long a clip or sound lasts, e.g. 'Length 0:04'"
            values={{ length: clockTime(state.seconds) }}
          />
        ) : (
          <FormattedMessage defaultMessage="Loading…" id="/CMeFg" description="A clip or sound loading" />
        )}
      </Text>
    </Stack>
  );
}
