import type { ReactNode } from 'react';

type Tone = 'error' | 'warning' | 'success' | 'info';

/** A message block: errors interrupt screen readers (alert), the rest are announced politely. */
export function Notice({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <div className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
