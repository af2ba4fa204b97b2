import type { Branding } from '@portiere/contracts';
import { useEffect, useState } from 'react';
import { answer, client } from './api';
import { applyBranding } from './branding';

/**
 * Loads the customer's branding once its id is known and paints the page with it. Until then,
 * and when it cannot be loaded, the page keeps the neutral defaults: branding never blocks a member.
 */
export function useBranding(customerId: string | null): Branding | null {
  const [branding, setBranding] = useState<Branding | null>(null);
  useEffect(() => {
    if (!customerId) return;
    const abort = new AbortController();
    answer<Branding>(
      client.GET('/api/v1/branding/{customerId}/', { params: { path: { customerId } }, signal: abort.signal }),
    ).then(
      (b) => {
        applyBranding(document.documentElement, b.colors);
        setBranding(b);
      },
      () => {},
    );
    return () => abort.abort();
  }, [customerId]);
  return branding;
}
