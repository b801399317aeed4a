import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code drawn as SVG, one path for all dark modules, with the quiet zone scanners need. Quality
 * level Q: a label still reads when a corner is scuffed or greasy.
 */
export function QrCode({ text, size, title }: { text: string; size: number; title: string }) {
  const { path, modules } = useMemo(() => {
    const { data } = encode(text, { ecc: 'Q', border: 4 });
    const parts: string[] = [];
    data.forEach((row, y) => row.forEach((dark, x) => dark && parts.push(`M${x} ${y}h1v1h-1z`)));
    return { path: parts.join(''), modules: data.length };
  }, [text]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      role="img"
      aria-label={title}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
