import { useEffect, useState } from 'react';

type QrModules = { size: number; path: string };

/** The dark modules of a QR code as one SVG path of unit squares (a quiet zone of 4 around it). */
function modulesPath(data: boolean[][]): string {
  const parts: string[] = [];
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return parts.join('');
}

/**
 * A QR code of `text`, drawn as inline SVG. The encoder (uqr, pure JS) is loaded only when an
 * invite is made, so it never weighs on the first visit.
 */
export function InviteQr({ text, label }: { text: string; label: string }) {
  const [modules, setModules] = useState<QrModules | null>(null);
  useEffect(() => {
    let current = true;
    void import('uqr').then(({ encode }) => {
      const qr = encode(text, { ecc: 'M', border: 4 });
      if (current) setModules({ size: qr.size, path: modulesPath(qr.data) });
    });
    return () => {
      current = false;
    };
  }, [text]);
  if (!modules) return <div className="whanau-qr whanau-qr--loading" aria-hidden="true" />;
  return (
    <svg
      className="whanau-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules.size} ${modules.size}`}
      shapeRendering="crispEdges"
      data-testid="invite-qr"
    >
      <rect width={modules.size} height={modules.size} fill="#fff" />
      <path d={modules.path} fill="#000" />
    </svg>
  );
}
