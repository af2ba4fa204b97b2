/** argon2id password hashing (OWASP parameters: 19 MiB, 2 passes). */
import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Two hashes per core at a time, the rest queued here. Each holds 19 MiB while it runs, so the
 * queue bounds the memory of a sign-in storm. Two per core, not one: measured on 2 cores, one
 * at a time per core left a tenth of the CPU idle between hashes (each 19 MiB is faulted in
 * afresh, and a finished hash waits for the event loop to start the next), two kept the cores
 * full. The hashes run on libuv's thread pool: on more than 2 cores set UV_THREADPOOL_SIZE to
 * twice the cores before start (docs/deployment.md), or its 4 threads cap them.
 */
const pool = pLimit(2 * os.availableParallelism());

export function hashPassword(password: string): Promise<string> {
  return pool(() => hash(password, OPTIONS));
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await pool(() => verify(hashed, password));
  } catch {
    return false;
  }
}

/** Verified against when the user does not exist, so timing does not reveal it. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('portiere-dummy-password');
  return dummy;
}
