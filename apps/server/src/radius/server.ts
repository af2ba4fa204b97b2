/**
 * The RADIUS listener (RADIUS_PORT, UDP): takes Access-Requests from the registered clients and
 * answers them through the sign-in adapter (signIn.ts). What is not for us is dropped without a
 * word, as RFC 2865 asks, and counted by reason (/metrics): a source no enabled client covers,
 * a Message-Authenticator no candidate's secret proves, none where the client requires one
 * (BlastRADIUS), a malformed packet, or another code than Access-Request.
 *
 * A device resends a request it had no answer to (same identifier and authenticator): while the
 * first is worked on the copies are ignored, and once answered they get the same answer again
 * for a while (RFC 5080 2.2.2), so that a retransmission never counts as a second try.
 */
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';
import type { RadiusDropReason } from '@portiere/contracts';
import { plainAddress, type RadiusClientDirectory, type RadiusClientEntry } from './clients.ts';
import {
  ACCESS_REQUEST,
  decodeRequest,
  encodeReply,
  headerOf,
  messageAuthenticator,
  STATUS_SERVER,
  statusRequest,
} from './packets.ts';
import type { RadiusReply, RadiusSignIns } from './signIn.ts';

/** What the server counts (plugins/metrics.ts: portiere_radius_dropped_total, portiere_radius_replies_total). */
export interface RadiusCounters {
  dropped(reason: RadiusDropReason): void;
  replied(code: string): void;
}

/** How long an answer is kept for a device's retransmissions. */
const REPLAY_MS = 30_000;
/**
 * Requests worked on at once; more are dropped (the device retries) rather than queued without
 * end behind the database and the hashes.
 */
const MAX_IN_FLIGHT = 512;

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class RadiusServer {
  private socket: dgram.Socket | null = null;
  /** Requests in hand or answered lately, by source and header: their answer once there is one. */
  private readonly seen = new Map<string, { reply: Buffer | null; at: number }>();
  private sweeper: NodeJS.Timeout | null = null;
  private readonly working = new Set<Promise<void>>();

  constructor(
    private readonly directory: RadiusClientDirectory,
    private readonly signIns: RadiusSignIns,
    private readonly counters: RadiusCounters,
    private readonly log: Log,
  ) {}

  async listen(port: number, host: string): Promise<AddressInfo> {
    const socket = dgram.createSocket({ type: host.includes(':') ? 'udp6' : 'udp4', reuseAddr: false });
    socket.on('message', (packet, from) => {
      if (this.working.size >= MAX_IN_FLIGHT) {
        this.counters.dropped('overloaded');
        return;
      }
      const work = this.receive(packet, from).catch((err: unknown) =>
        this.log.error({ err: String(err) }, 'RADIUS request failed'),
      );
      this.working.add(work);
      void work.finally(() => this.working.delete(work));
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, host, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    socket.on('error', (err) => this.log.error({ err: String(err) }, 'RADIUS socket error'));
    this.socket = socket;
    this.sweeper = setInterval(() => this.sweep(), REPLAY_MS).unref();
    const address = socket.address();
    this.log.info({ port: address.port, host: address.address }, 'RADIUS server listening');
    return address;
  }

  address(): AddressInfo | null {
    return this.socket ? this.socket.address() : null;
  }

  /** Stops taking requests and lets the ones in hand finish (their answers still go out). */
  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    const socket = this.socket;
    if (!socket) return;
    socket.removeAllListeners('message');
    await Promise.allSettled([...this.working]);
    this.socket = null;
    await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  private sweep() {
    const old = Date.now() - REPLAY_MS;
    for (const [key, entry] of this.seen) if (entry.reply && entry.at < old) this.seen.delete(key);
  }

  private async receive(packet: Buffer, from: dgram.RemoteInfo): Promise<void> {
    const header = headerOf(packet);
    if (!header) return this.counters.dropped('malformed');
    if (header.code !== ACCESS_REQUEST && header.code !== STATUS_SERVER)
      return this.counters.dropped('unsupported_code');
    const key = `${from.address}|${from.port}|${header.identifier}|${header.authenticator.toString('hex')}`;
    const seen = this.seen.get(key);
    if (seen) {
      if (seen.reply) this.send(seen.reply, from);
      return;
    }
    this.seen.set(key, { reply: null, at: Date.now() });
    try {
      const reply = await this.answer(packet, from);
      if (!reply) {
        this.seen.delete(key);
        return;
      }
      this.seen.set(key, { reply, at: Date.now() });
      this.send(reply, from);
    } catch (err) {
      this.seen.delete(key);
      throw err;
    }
  }

  /** The reply, or null when the packet is dropped. */
  private async answer(packet: Buffer, from: dgram.RemoteInfo): Promise<Buffer | null> {
    const candidates = await this.directory.candidates(from.address);
    if (!candidates.length) {
      this.counters.dropped('unknown_client');
      return null;
    }
    const client = this.proved(packet, candidates, packet[0] === STATUS_SERVER);
    if (!client) return null;
    if (packet[0] === STATUS_SERVER) {
      // RFC 5997: the device asks whether the server is up; a valid one is answered Access-Accept.
      this.counters.replied('Access-Accept');
      return encodeReply(statusRequest(packet), 'Access-Accept', [], client.secret);
    }
    let request: ReturnType<typeof decodeRequest>;
    try {
      request = decodeRequest(packet, client.secret);
    } catch {
      this.counters.dropped('malformed');
      return null;
    }
    await this.directory.used(client);
    let reply: RadiusReply;
    try {
      reply = await this.signIns.handle(client, request, plainAddress(from.address));
    } catch (err) {
      // The device gets an answer (it would retry, and its member wait), the operator the log.
      this.log.error({ err: String(err), client: client.name }, 'RADIUS request failed');
      reply = { code: 'Access-Reject', attributes: [] };
    }
    this.counters.replied(reply.code);
    return encodeReply(request, reply.code, reply.attributes, client.secret);
  }

  /**
   * The client whose secret proves the packet's Message-Authenticator; without one, the first
   * client that does not require it (its secret then proves nothing until the password is read).
   */
  private proved(packet: Buffer, candidates: RadiusClientEntry[], always = false): RadiusClientEntry | null {
    let absent = false;
    for (const client of candidates) {
      const ma = messageAuthenticator(packet, client.secret);
      if (ma === 'valid') return client;
      if (ma === 'absent') {
        absent = true;
        // A Status-Server always carries one (RFC 5997 3).
        if (!client.requireMessageAuthenticator && !always) return client;
      }
    }
    this.counters.dropped(absent ? 'missing_authenticator' : 'bad_authenticator');
    return null;
  }

  private send(reply: Buffer, to: dgram.RemoteInfo) {
    this.socket?.send(reply, to.port, to.address);
  }
}
