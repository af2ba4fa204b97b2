import type { ReactNode } from 'react';
import { useFocusOnMount } from '../lib/useFocusOnMount';

/** The page's heading; takes the focus when its step appears so the change is announced. */
export function Heading({ children }: { children: ReactNode }) {
  const ref = useFocusOnMount<HTMLHeadingElement>();
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
