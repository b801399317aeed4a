import { useEffect, useRef, useState } from 'react';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { takePosterTurn, whenNearScreen } from './posterTurns.ts';
import classes from './AttachmentThumbnail.module.css';

interface Props {
  /** The clip's signed URL, held by the row (see useHeldUrl): a new one is not a new load. */
  url: string;
  size: number;
  onError(): void;
}

/**
 * A clip's own frame at 0.1 s as its poster, read only once its row comes near the screen and its turn
 * among the posters comes (posterTurns.ts); the player then reads only what that frame needs
 * (`preload="metadata"`, storage answers Range). Until then the frame holds the play mark alone.
 */
export function ClipPoster({ url, size, onError }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [loading, setLoading] = useState(false);
  const giveBack = useRef<() => void>(() => {});

  useEffect(() => {
    const element = frame.current;
    if (!element || near) return;
    return whenNearScreen(element, () => setNear(true));
  }, [near]);

  useEffect(() => {
    if (!near) return;
    const release = takePosterTurn(() => setLoading(true));
    giveBack.current = release;
    return release;
  }, [near]);

  // The player has its frame, failed, or stopped reading by itself: the next poster's turn.
  const done = () => giveBack.current();

  return (
    <div ref={frame} className={`${classes.frame} ${classes.clip}`} data-testid="attachment-clip-frame">
      {loading && (
        <video
          src={`${url}#t=0.1`}
          preload="metadata"
          muted
          playsInline
          crossOrigin="anonymous"
          aria-hidden
          tabIndex={-1}
          width={size}
          height={size}
          style={{ objectFit: 'cover', display: 'block' }}
          onLoadedData={done}
          onSuspend={done}
          onAbort={done}
          onError={() => {
            done();
            onError();
          }}
          data-testid="attachment-poster"
        />
      )}
      <IconPlayerPlayFilled className={classes.play} aria-hidden />
    </div>
  );
}
