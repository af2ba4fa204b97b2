/**
 * The embedded database's queries, one per turn of the event loop.
 *
 * PGlite runs each query synchronously on the main thread, and when several requests wait for it
 * their queries ran back to back within one turn of the loop (each ends by resolving the next
 * one's promise). Node (libuv since 1.45) accepts one new connection per turn, so a turn made of
 * dozens of queries let new connections wait: 200 operators connecting at once to a busy server
 * waited up to 5 s to be accepted (ss showed 170 connections in the listen queue, accepted at
 * about 12 a second), while the requests already in had answers in 0.3 s. Starting each query on
 * a turn of its own (setImmediate) keeps a turn to about one query: connections are accepted
 * and requests are read, and shed by admission when the server is full, between any two queries.
 * A query alone waits for nothing: an idle loop turns in microseconds.
 */
import type { PGlite } from '@electric-sql/pglite';

/** Resolves on the loop turn after the one the previous call resolved on. */
function turns(): () => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return () => {
    last = last.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
    return last;
  };
}

/** Makes `client` start each query, exec and transaction on a turn of the loop of its own. */
export function paceQueries(client: PGlite): PGlite {
  const nextTurn = turns();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await nextTurn();
    return query(...args);
  }) as PGlite['query'];
  client.exec = async (...args) => {
    await nextTurn();
    return exec(...args);
  };
  client.transaction = async (...args) => {
    await nextTurn();
    return transaction(...args);
  };
  return client;
}
