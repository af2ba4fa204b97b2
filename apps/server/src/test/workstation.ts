/** Workstation keys and a workstation's calls, for the API tests of workstation login. */
import { WORKSTATION_KEY_HEADER, WORKSTATION_MACHINE_HEADER } from '@portiere/contracts';
import { type Harness, mailSettled, post } from './harness.ts';

export interface IssuedKey {
  id: string;
  key: string;
  machine: string | null;
}

/** A key for `machine`, or for the fleet when null. */
export async function issueKey(h: Harness, token: string, machine: string | null = 'PC-0001'): Promise<IssuedKey> {
  const res = await post(
    h.app,
    'workstation-keys/',
    { name: `Key ${Math.random().toString(36).slice(2)}`, machine },
    token,
  );
  if (res.status !== 201) throw new Error(`workstation key: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A workstation calling with `key` (naming itself `machine` when the key is a fleet's). */
export function workstation(h: Harness, key: string, machine?: string) {
  const send = async (url: string, payload: unknown) => {
    const res = await h.app.inject({
      method: 'POST',
      url: `/api/v1/workstation/${url}`,
      payload: payload as object,
      headers: { [WORKSTATION_KEY_HEADER]: key, ...(machine ? { [WORKSTATION_MACHINE_HEADER]: machine } : {}) },
    });
    await mailSettled(h.app, 'POST');
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  return {
    start: (username: string) => send('sign-ins/', { username }),
    card: (cardCode: string) => send('sign-ins/', { cardCode }),
    send: (id: string, kind: 'mail' | 'sms' | 'app') => send(`sign-ins/${id}/send/`, { kind }),
    challenge: (id: string, kind: 'keypair' | 'smartcard') => send(`sign-ins/${id}/challenge/`, { kind }),
    verify: (id: string, kind: string, value: string, offline = false) =>
      send(`sign-ins/${id}/verify/`, { kind, value, offline }),
    refill: (refill_token: string, used: number | null = null) => send('offline/refill/', { refill_token, used }),
    /** Any other workstation call, below workstation/. */
    raw: send,
  };
}
