import {
  IconFile,
  IconFileMusic,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypePdf,
  IconFileZip,
  IconPhoto,
  IconVideo,
} from '@tabler/icons-react';
import type { AttachmentType } from './attachmentType.ts';

const ICONS = {
  image: IconPhoto,
  pdf: IconFileTypePdf,
  video: IconVideo,
  audio: IconFileMusic,
  sheet: IconFileSpreadsheet,
  archive: IconFileZip,
  text: IconFileText,
  other: IconFile,
} satisfies Record<AttachmentType, unknown>;

export function AttachmentIcon({ type, size = 28 }: { type: AttachmentType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} stroke={1.5} aria-hidden="true" data-attachment-icon={type} />;
}
