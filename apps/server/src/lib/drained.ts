/** Writing to a stream no faster than it is read (what `write()` answering false asks for). */
import type { Writable } from 'node:stream';

/** Older streams (the readable-stream 2 package's, which archiver uses) keep the flag in their state only. */
type AnyWritable = Writable & { _writableState?: { needDrain?: boolean } };

/**
 * Resolves once `stream` has room again (at once when it has), and rejects when it closes or
 * fails first: a writer waiting for a client that went away stops instead of waiting forever.
 */
export function drained(stream: AnyWritable): Promise<void> {
  if (stream.destroyed || stream.writableEnded) return Promise.reject(new Error('The stream was closed'));
  if (!(stream.writableNeedDrain ?? stream._writableState?.needDrain)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (err?: Error) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      stream.off('error', settle);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('The stream was closed before it drained'));
    stream.on('drain', onDrain);
    stream.on('close', onClose);
    stream.on('error', settle);
  });
}

/** Writes `chunk`, then waits until the stream has room for the next (see drained). */
export function written(stream: Writable, chunk: string | Buffer): Promise<void> {
  if (stream.destroyed) return Promise.reject(new Error('The stream was closed'));
  stream.write(chunk);
  return drained(stream);
}
