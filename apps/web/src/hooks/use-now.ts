// The current time for a page that shows times relative to now (the next run of a peak window,
// 'in 5 minutes'): refreshed every minute by default so what is shown moves with the clock.
import { useEffect, useState } from 'react';

export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
