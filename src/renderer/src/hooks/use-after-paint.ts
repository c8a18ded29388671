// False until the page has painted once after the component mounted. A part
// that costs a long task to build (the diff's merge view) waits for it, so
// what arrived with it (the summary, the per-tool table) is on screen first
// instead of waiting in the same frame.

import { useEffect, useState } from 'react';

/** When no frame comes (a hidden window draws none), the part is built after this anyway. */
const NO_FRAME_MS = 100;

export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      setPainted(true);
    };
    // A frame's callback runs before its paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      timer = setTimeout(done, 0);
    });
    timer = setTimeout(done, NO_FRAME_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
