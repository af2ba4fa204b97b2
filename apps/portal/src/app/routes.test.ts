import { describe, expect, it } from 'vitest';
import { matchRoute } from './routes';

describe('the portal router', () => {
  it('takes the token from /enroll/<token>, with or without the trailing slash', () => {
    expect(matchRoute('/enroll/abc.DEF-_1')).toEqual({ flow: 'enroll', token: 'abc.DEF-_1' });
    expect(matchRoute('/enroll/abc/')).toEqual({ flow: 'enroll', token: 'abc' });
    expect(matchRoute('/enroll/a%2Eb')).toEqual({ flow: 'enroll', token: 'a.b' });
  });

  it('takes the interaction uid from /signin/<uid>', () => {
    expect(matchRoute('/signin/Xq3_-9aZ')).toEqual({ flow: 'signin', uid: 'Xq3_-9aZ' });
    expect(matchRoute('/signin/Xq3/')).toEqual({ flow: 'signin', uid: 'Xq3' });
  });

  it('opens the smartphone app at /app/ and anything under it', () => {
    for (const path of ['/app/', '/app/index.html', '/app/a/b'])
      expect([path, matchRoute(path)]).toEqual([path, { flow: 'device' }]);
  });

  it('knows no other page', () => {
    for (const path of [
      '/',
      '/enroll/',
      '/enroll/a/b',
      '/enroll/%E0%A4%A',
      '/signin/',
      '/signin/a/b',
      '/portal/',
      '/app',
      '/apps/',
    ])
      expect([path, matchRoute(path).flow]).toEqual([path, 'notFound']);
  });
});
