import React from 'react';

/** The dark modules of a QR code as one SVG path (1 unit per module), from `qrcode`'s matrix. */
export interface QrMatrix {
  size: number;
  get(row: number, col: number): number | boolean;
}

const QUIET_ZONE = 4;

/** A QR code drawn as SVG (no canvas, no injected markup), black on white with its quiet zone. */
export function QrCode({
  matrix,
  label,
  pixels = 200,
}: {
  matrix: QrMatrix;
  label: string;
  pixels?: number;
}) {
  let path = '';
  for (let row = 0; row < matrix.size; row += 1) {
    for (let col = 0; col < matrix.size; col += 1) {
      if (matrix.get(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  const side = matrix.size + 2 * QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={label}
      width={pixels}
      height={pixels}
      viewBox={`0 0 ${side} ${side}`}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The QR matrix of `text`; `qrcode` is loaded only here, when someone sets up two-factor sign-in. */
export async function qrMatrix(text: string): Promise<QrMatrix> {
  const { create } = await import('qrcode');
  return create(text, { errorCorrectionLevel: 'M' }).modules;
}
