import { describe, expect, it } from 'vitest';
import { shouldReloadForStaleChunk } from './staleChunks';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('reload after a redeploy', () => {
  it('reloads once, not again within a minute, and again later', () => {
    const storage = memoryStorage();
    expect(shouldReloadForStaleChunk(storage, 1_000_000)).toBe(true);
    expect(shouldReloadForStaleChunk(storage, 1_030_000)).toBe(false);
    expect(shouldReloadForStaleChunk(storage, 1_061_000)).toBe(true);
  });
});
