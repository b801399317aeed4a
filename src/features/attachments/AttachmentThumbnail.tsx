import { useState } from 'react';
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
 * expires); when it cannot load, or the file is not an image, the type's icon stands in.
 */
export function AttachmentThumbnail({ type, contentType, downloadUrl, attachmentId }: Props) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const kept = useOfflineKeptCopy(attachmentId);
  if (kept) return <KeptThumbnail kept={kept} size={SIZE} />;
  const url = canPreview(type, contentType) && type === 'image' ? httpUrl(downloadUrl) : null;
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
