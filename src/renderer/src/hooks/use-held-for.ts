// True once `on` has held for `delayMs` without a break; false as soon as it
// does not (the running jobs' list: shown only for work that lasts).

import { useEffect, useState } from 'react';

export function useHeldFor(on: boolean, delayMs: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setHeld(true), delayMs);
    return () => {
      clearTimeout(timer);
      setHeld(false);
    };
  }, [on, delayMs]);
  return on && held;
}
