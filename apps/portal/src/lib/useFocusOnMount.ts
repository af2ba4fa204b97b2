import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * Moves focus to the element when it appears: each new step's heading or first field, so screen
 * readers announce it. `enabled` is read once: a control shown because the member picked another
 * option must not pull the focus away from the option they are on. A layout effect: the focus
 * is in place as the step shows, never a frame later.
 */
export function useFocusOnMount<T extends HTMLElement>(enabled = true): RefObject<T | null> {
  const ref = useRef<T>(null);
  const focus = useRef(enabled);
  useLayoutEffect(() => {
    if (focus.current) ref.current?.focus();
  }, []);
  return ref;
}
