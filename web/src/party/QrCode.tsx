// A QR code of a link as an SVG of dark squares (qrcode-generator computes the modules). The
// quiet zone is part of the picture, on a white background whatever the theme, so phones read it
// on a projector in dark mode too.
import type { JSX } from 'preact';
import { useMemo } from 'preact/hooks';
import qrcode from 'qrcode-generator';

export function QrCode(props: { text: string; label: string; class?: string; testId?: string }): JSX.Element {
  const path = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(props.text);
    qr.make();
    const n = qr.getModuleCount();
    let d = '';
    for (let r = 0; r < n; ++r) for (let c = 0; c < n; ++c) if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
    return { d, size: n + 8 };
  }, [props.text]);
  return (
    <svg
      class={'qr ' + (props.class ?? '')}
      viewBox={`0 0 ${path.size} ${path.size}`}
      role="img"
      aria-label={props.label}
      data-testid={props.testId}
      data-text={props.text}
      shape-rendering="crispEdges"
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
