/** What the XLSX export's host (export-xlsx.ts) and its worker thread (xlsx-worker.ts) tell each other. */
export type ToWorker =
  /** A batch of members for the sheet, a line each (UTF-8); the next comes after `written`. */
  | { type: 'rows'; text: Uint8Array | string }
  /** No more rows: close the sheet. */
  | { type: 'last' }
  /** The export is recorded in the audit trail: finish the file. */
  | { type: 'recorded' }
  /** The host wrote the last chunk where it goes: send the next. */
  | { type: 'ack' };

export type FromWorker =
  /** Bytes of the file, in order; the next comes after `ack`. */
  | { type: 'chunk'; data: Uint8Array }
  /** The batch is in the zip and has left it. */
  | { type: 'written' }
  /** The sheet is closed: the row count can be recorded before the file ends. */
  | { type: 'sheet-ended' }
  /** The file is whole: every chunk has been sent. */
  | { type: 'end' };

/**
 * Messages in their order of arrival, awaited one at a time (each side's inbox). After `fail`,
 * what had arrived is still taken, then every wait rejects.
 */
export class Mailbox<T> {
  private readonly queue: T[] = [];
  private waiting: { resolve: (message: T) => void; reject: (err: Error) => void } | null = null;
  private failed: Error | null = null;

  put(message: T): void {
    const waiting = this.waiting;
    this.waiting = null;
    if (waiting) waiting.resolve(message);
    else this.queue.push(message);
  }

  fail(err: Error): void {
    this.failed ??= err;
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(this.failed);
  }

  take(): Promise<T> {
    if (this.queue.length) return Promise.resolve(this.queue.shift() as T);
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }
}
