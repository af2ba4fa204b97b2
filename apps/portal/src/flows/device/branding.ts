/**
 * The customers' branding for the accounts on this phone: several customers may share one
 * phone, so each account's card takes its own customer's logo and colours (lib/branding.ts's
 * variables, set on the card). Loaded once per customer while the app is open; offline (or when
 * it fails) the neutral colours stay: branding never blocks a code or an approval.
 */
import type { Branding } from '@portiere/contracts';
import { useEffect, useState } from 'react';
import { answer, client } from '../../lib/api';

const loaded = new Map<string, Promise<Branding | null>>();

function load(customerId: string): Promise<Branding | null> {
  let branding = loaded.get(customerId);
  if (!branding) {
    branding = answer<Branding>(
      client.GET('/api/v1/branding/{customerId}/', { params: { path: { customerId } } }),
    ).catch(() => {
      // Not kept: the next open (or the network back) tries again.
      loaded.delete(customerId);
      return null;
    });
    loaded.set(customerId, branding);
  }
  return branding;
}

export function useCustomerBranding(customerId: string | null): Branding | null {
  const [branding, setBranding] = useState<Branding | null>(null);
  useEffect(() => {
    setBranding(null);
    if (!customerId) return;
    let current = true;
    load(customerId).then((b) => current && setBranding(b));
    return () => {
      current = false;
    };
  }, [customerId]);
  return branding;
}
