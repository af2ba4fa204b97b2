import { useEffect, useState } from 'react';

/** Seconds left until `until` (a Date.now() time), ticking each second; 0 once passed or unset. */
export function useCountdown(until: number | null): number {
  const left = () => (until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const remaining = () => (until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
    setSeconds(remaining());
    if (until === null) return;
    const timer = setInterval(() => {
      const s = remaining();
      setSeconds(s);
      if (s === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}
