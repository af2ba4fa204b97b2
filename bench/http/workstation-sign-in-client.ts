/**
 * The workstations' side of the workstation sign-in bench, in a process of its own (`tsx
 * workstation-sign-in-client.ts`, its settings as JSON on stdin): PARALLEL workstations of one
 * fleet key, each naming its own machine, sign members in over and over (flow-loop.ts): start the
 * sign-in by username, answer the password, receive the session. Calls go through openapi-fetch
 * typed by the contracts' endpoints, as every client of the API does.
 */
import { text } from 'node:stream/consumers';
import { WORKSTATION_KEY_HEADER, WORKSTATION_MACHINE_HEADER } from '@portiere/contracts';
import type { paths } from '@portiere/contracts/openapi';
import createClient from 'openapi-fetch';
import { type LoopSettings, runFlows } from './flow-loop.ts';

interface Settings extends LoopSettings {
  baseUrl: string;
  key: string;
  password: string;
}

const settings = JSON.parse(await text(process.stdin)) as Settings;
const api = createClient<paths>({ baseUrl: settings.baseUrl });
let machines = 0;

async function flow(username: string): Promise<void> {
  const header = { [WORKSTATION_KEY_HEADER]: settings.key, [WORKSTATION_MACHINE_HEADER]: `BENCH-${machines++ % 8}` };
  const started = await api.POST('/api/v1/workstation/sign-ins/', { params: { header }, body: { username } });
  if (!started.data) throw new Error(`start: ${started.response.status} ${JSON.stringify(started.error)}`);
  const done = await api.POST('/api/v1/workstation/sign-ins/{id}/verify/', {
    params: { header, path: { id: started.data.id } },
    body: { kind: 'password', value: settings.password },
  });
  if (!done.data?.done) throw new Error(`password: ${done.response.status} ${JSON.stringify(done.error)}`);
}

await runFlows(settings, flow);
