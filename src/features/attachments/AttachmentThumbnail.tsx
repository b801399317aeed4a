import { useState } from 'react';
import { AttachmentIcon } from './AttachmentIcon.tsx';
import { ClipPoster } from './ClipPoster.tsx';
import { canPreview, httpUrl, type AttachmentType } from './attachmentType.ts';
import { KeptThumbnail, useOfflineKeptCopy } from './KeptCopy.tsx';
import classes from './AttachmentThumbnail.module.css';

interface Props {
  type: AttachmentType;
  contentType: string | null;
  downloadUrl: string | null;
  /** Offline, the copy kept for a pinned record shows instead, saying so. */
  attachmentId?: number;
}

const SIZE = 56;

/**
 * The signed URL a row's picture loads from, held for the row's life: the list is read again every few
 * seconds and each answer signs every URL anew, and a new URL is a new read of the same bytes (for a
 * clip, of its first megabytes). Another is taken only when none was held or the held one failed (it
 * expired); null once that failed with no other to take.
 */
function useHeldUrl(url: string | null): [string | null, () => void] {
  const [held, setHeld] = useState({ url, failed: false });
  if (url !== null && url !== held.url && (held.url === null || held.failed)) {
    setHeld({ url, failed: false });
  }
  return [held.failed ? null : held.url, () => setHeld((now) => ({ ...now, failed: true }))];
}

/**
 * Images show a small picture loaded from the URL read with the list (it renders at once, before the URL
 * expires), clips a frame of their own once near the screen (ClipPoster); when it cannot load, or the
 * file is neither, the type's icon stands in.
 */
export function AttachmentThumbnail({ type, contentType, downloadUrl, attachmentId }: Props) {
  const shown = canPreview(type, contentType) && (type === 'image' || type === 'video');
  const [url, failed] = useHeldUrl(shown ? httpUrl(downloadUrl) : null);
  const kept = useOfflineKeptCopy(attachmentId);
  if (kept) return <KeptThumbnail kept={kept} size={SIZE} />;
  if (type === 'video' && url) return <ClipPoster key={url} url={url} size={SIZE} onError={failed} />;
  return (
    <div className={classes.frame}>
      {url ? (
        <img
          src={url}
          alt=""
          width={SIZE}
          height={SIZE}
          loading="lazy"
          referrerPolicy="no-referrer"
          // The same signed URL is also fetched (a pin, a preview): loaded with CORS, the cached answer
          // serves both, whether or not storage varies it on Origin.
          crossOrigin="anonymous"
          style={{ objectFit: 'cover', display: 'block' }}
          onError={failed}
          data-testid="attachment-thumbnail"
        />
      ) : (
        <AttachmentIcon type={type} />
      )}
    </div>
  );
}
