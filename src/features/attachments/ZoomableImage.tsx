import { useRef, useState } from 'react';
import { Group, Stack } from '@mantine/core';
import { ZOOM_MAX, ZOOM_MIN, zoomSteps } from './zoomSteps.ts';
import { ZoomControls } from './ZoomControls.tsx';

const clamp = (zoom: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));

/**
 * An image a technician can enlarge: two-finger pinch on a tablet, buttons, or + and - keys; at more
 * than 100 % the frame scrolls to the part they want to see.
 */
export function ZoomableImage({ src, alt }: { src: string; alt: string }) {
  const [zoom, setZoom] = useState(1);
  // Pointers down on the image, and the pinch's starting distance and zoom.
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const { smaller, larger } = zoomSteps(zoom);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const release = (event: React.PointerEvent) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  return (
    <Stack
      gap="xs"
      onKeyDown={(event) => {
        if (event.key === '+' || event.key === '=') setZoom(larger);
        else if (event.key === '-') setZoom(smaller);
        else if (event.key === '0') setZoom(1);
        else return;
        event.preventDefault();
      }}
    >
      <Group justify="center">
        <ZoomControls zoom={zoom} onZoom={setZoom} />
      </Group>
      <div
        style={{ maxHeight: '65vh', overflow: 'auto', touchAction: zoom > 1 ? 'pan-x pan-y' : 'pan-y' }}
        onPointerDown={(event) => {
          pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
          if (pointers.current.size === 2) pinch.current = { distance: distance(), zoom };
        }}
        onPointerMove={(event) => {
          if (!pointers.current.has(event.pointerId)) return;
          pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
          const start = pinch.current;
          if (start && start.distance > 0) setZoom(clamp((start.zoom * distance()) / start.distance));
        }}
        onPointerUp={release}
        onPointerCancel={release}
      >
        <img
          src={src}
          alt={alt}
          referrerPolicy="no-referrer"
          // Loaded with CORS, as the same URL is fetched: see AttachmentThumbnail.
          crossOrigin="anonymous"
          draggable={false}
          style={{
            display: 'block',
            margin: '0 auto',
            width: zoom === 1 ? undefined : `${zoom * 100}%`,
            maxWidth: zoom === 1 ? '100%' : 'none',
            maxHeight: zoom === 1 ? '65vh' : 'none',
            objectFit: 'contain',
          }}
          data-testid="attachment-preview-image"
        />
      </div>
    </Stack>
  );
}
