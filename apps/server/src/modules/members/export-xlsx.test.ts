/**
 * The workbook's worker thread as the export drives it: a client that goes away stops the reads
 * and the worker, and a worker that fails fails the download instead of hanging it.
 */
import { PassThrough } from 'node:stream';
import { EXPORT_COLUMNS } from '@portiere/contracts';
import { describe, expect, it } from 'vitest';
import type { TextBatch } from './export-text.ts';
import { writeXlsx } from './export-xlsx.ts';

const LINE = `${JSON.stringify(EXPORT_COLUMNS.map((c) => (c.endsWith('_at') ? '2026-11-28T07:00:00.000Z' : `${c} value`)))}\n`;

describe('XLSX export worker', () => {
  it('stops reading batches and ends the worker when the client goes away', async () => {
    const out = new PassThrough();
    let read = 0;
    let stopped = false;
    async function* endless(): AsyncGenerator<TextBatch> {
      try {
        for (;;) {
          read++;
          yield { text: LINE.repeat(1000), rows: 1000, last: null };
        }
      } finally {
        stopped = true;
      }
    }
    out.once('data', () => out.destroy());
    await expect(writeXlsx(out, endless())).rejects.toThrow(/closed/);
    expect(stopped).toBe(true);
    expect(read).toBeLessThan(20);
  });

  it('fails the download when the worker cannot write the workbook', async () => {
    const out = new PassThrough();
    out.resume();
    async function* broken(): AsyncGenerator<TextBatch> {
      yield { text: 'not a line of JSON\n', rows: 1, last: null };
    }
    let recorded = false;
    await expect(
      writeXlsx(out, broken(), async () => {
        recorded = true;
      }),
    ).rejects.toThrow();
    expect(recorded).toBe(false);
  });
});
