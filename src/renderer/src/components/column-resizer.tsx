// A draggable, keyboard-operable edge for one table column or pane (the
// window splitter pattern): drag it, or focus it and press ←/→ (Home resets).

import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

const STEP = 16;

export interface ColumnResizerProps {
  label: string;
  /** The column's current width in pixels, read when a drag starts. */
  measure(): number;
  width: number | null;
  min: number;
  max: number;
  /** A new width, or null for the automatic one. */
  onResize(width: number | null): void;
  /** Pixels per arrow key (16 by default). */
  step?: number;
  /** Placed by the caller's own class, beside column-resizer's look. */
  className?: string;
}

export function ColumnResizer({ label, measure, width, min, max, onResize, step = STEP, className }: ColumnResizerProps) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const clamp = (value: number) => Math.round(Math.max(min, Math.min(max, value)));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, width: measure() };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) onResize(clamp(drag.current.width + event.clientX - drag.current.x));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = width ?? measure();
    const next: Record<string, number | null> = { ArrowLeft: clamp(current - step), ArrowRight: clamp(current + step), Home: null };
    if (!(event.key in next)) return;
    event.preventDefault();
    event.stopPropagation();
    onResize(next[event.key] ?? null);
  };

  return (
    <div
      className={className ? `column-resizer ${className}` : 'column-resizer'}
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={Math.round(width ?? measure())}
      aria-valuetext={width === null ? 'automatic' : `${Math.round(width)} pixels`}
      tabIndex={0}
      title={`${label}: drag, or use ← and →`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      onPointerCancel={() => (drag.current = null)}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={onKeyDown}
    />
  );
}
