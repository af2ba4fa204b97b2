import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes';

describe('the portal router', () => {
  it('takes the token from /enroll/<token>, with or without the trailing slash', () => {
    expect(matchRoute('/enroll/abc.DEF-_1')).toEqual({ flow: 'enroll', token: 'abc.DEF-_1' });
    expect(matchRoute('/enroll/abc/')).toEqual({ flow: 'enroll', token: 'abc' });
    expect(matchRoute('/enroll/a%2Eb')).toEqual({ flow: 'enroll', token: 'a.b' });
  });

  it('knows no other page yet', () => {
    for (const path of ['/', '/enroll/', '/enroll/a/b', '/enroll/%E0%A4%A', '/signin/x', '/portal/'])
      expect([path, matchRoute(path).flow]).toEqual([path, 'notFound']);
  });
});
