import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './download';

describe('file name of a download', () => {
  it('prefers the UTF-8 name of filename* over the plain stand-in', () => {
    expect(fileNameFrom(`attachment; filename="caf_.js"; filename*=UTF-8''caf%C3%A9.js`, 'x')).toBe('café.js');
  });

  it('reads a plain quoted or bare filename', () => {
    expect(fileNameFrom('attachment; filename="users.csv"', 'x')).toBe('users.csv');
    expect(fileNameFrom('attachment; filename=audit.json', 'x')).toBe('audit.json');
  });

  it('falls back when the header has no usable name', () => {
    expect(fileNameFrom(null, 'fallback.bin')).toBe('fallback.bin');
    expect(fileNameFrom('attachment', 'fallback.bin')).toBe('fallback.bin');
    expect(fileNameFrom(`attachment; filename*=UTF-8''%E0%A4%A; filename="plain.txt"`, 'x')).toBe('plain.txt');
  });
});
