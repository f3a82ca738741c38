// A countdown in whole seconds, e.g. before a reset e-mail may be sent again (spec §9).
import { useCallback, useEffect, useState } from 'react';

export function useCountdown(): { seconds: number; start: (seconds: number) => void } {
  const [deadline, setDeadline] = useState<number>();
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (deadline === undefined) return undefined;
    const tick = (): void => setSeconds(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  const start = useCallback((length: number) => {
    setSeconds(length);
    setDeadline(Date.now() + length * 1000);
  }, []);
  return { seconds, start };
}
