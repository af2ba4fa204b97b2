/**
 * The devices' side of the RADIUS bench, in a process of its own (`tsx radius-sign-in-client.ts`,
 * its settings as JSON on stdin): PARALLEL devices send Access-Requests over and over
 * (flow-loop.ts), each a member's password with a Message-Authenticator, and wait for the
 * Access-Accept, checked with the shared secret. Packets come from the `radius` library.
 */
import dgram from 'node:dgram';
import { text } from 'node:stream/consumers';
import radius from 'radius';
import { type LoopSettings, runFlows } from './flow-loop.ts';

interface Settings extends LoopSettings {
  port: number;
  secret: string;
  password: string;
}

const settings = JSON.parse(await text(process.stdin)) as Settings;
const socket = dgram.createSocket('udp4');
await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
/** Answers awaited, by the request's identifier (one socket, at most 256 in flight). */
const waiting = new Map<number, (reply: Buffer) => void>();
socket.on('message', (reply) => waiting.get(reply[1] ?? -1)?.(reply));
let identifier = 0;

async function flow(username: string): Promise<void> {
  let id = identifier++ % 256;
  while (waiting.has(id)) id = identifier++ % 256;
  const request = radius.encode({
    code: 'Access-Request',
    secret: settings.secret,
    identifier: id,
    attributes: [
      ['User-Name', username],
      ['User-Password', settings.password],
    ],
    add_message_authenticator: true,
  });
  const reply = await new Promise<Buffer>((resolve, reject) => {
    // Loopback loses nothing: a reply that never comes is the server's fault, and the bench's end.
    const late = setTimeout(() => reject(new Error(`${username}: no reply in 10 s`)), 10_000);
    waiting.set(id, (packet) => {
      clearTimeout(late);
      resolve(packet);
    });
    socket.send(request, settings.port, '127.0.0.1');
  }).finally(() => waiting.delete(id));
  const ok = radius.verify_response({ request, response: reply, secret: settings.secret });
  const code = radius.decode({ packet: reply, secret: settings.secret }).code;
  if (!ok || code !== 'Access-Accept') throw new Error(`${username}: ${code} (authenticator ${ok ? 'ok' : 'wrong'})`);
}

await runFlows(settings, flow);
socket.close();
