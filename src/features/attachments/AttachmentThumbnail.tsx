import { useState } from 'react';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { AttachmentIcon } from './AttachmentIcon.tsx';
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
 * Images show a small picture loaded from the URL read with the list (it renders at once, before the URL
 * expires), clips a frame of their own; when it cannot load, or the file is neither, the type's icon
 * stands in.
 */
export function AttachmentThumbnail({ type, contentType, downloadUrl, attachmentId }: Props) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const kept = useOfflineKeptCopy(attachmentId);
  if (kept) return <KeptThumbnail kept={kept} size={SIZE} />;
  const shown = canPreview(type, contentType) && (type === 'image' || type === 'video');
  const url = shown ? httpUrl(downloadUrl) : null;
  if (type === 'video' && url && url !== failedUrl) {
    return (
      <div className={classes.frame}>
        {/* The clip's own frame at 0.1 s is its poster: the player reads only what that needs (Range). */}
        <video
          src={`${url}#t=0.1`}
          preload="metadata"
          muted
          playsInline
          crossOrigin="anonymous"
          aria-hidden
          tabIndex={-1}
          width={SIZE}
          height={SIZE}
          style={{ objectFit: 'cover', display: 'block' }}
          onError={() => setFailedUrl(url)}
          data-testid="attachment-poster"
        />
        <IconPlayerPlayFilled className={classes.play} aria-hidden />
      </div>
    );
  }
  return (
    <div className={classes.frame}>
      {url && url !== failedUrl ? (
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
          onError={() => setFailedUrl(url)}
          data-testid="attachment-thumbnail"
        />
      ) : (
        <AttachmentIcon type={type} />
      )}
    </div>
  );
}
