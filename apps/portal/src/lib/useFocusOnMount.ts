import { type RefObject, useEffect, useRef } from 'react';

/** Moves focus to the element when it appears: each new step's heading, so screen readers announce it. */
export function useFocusOnMount<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
