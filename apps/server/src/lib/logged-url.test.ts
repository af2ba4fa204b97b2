import { describe, expect, it } from 'vitest';
import { loggedUrl } from './logged-url.ts';

describe('loggedUrl', () => {
  it('masks the secrets some paths carry, and query values, before they reach the log', () => {
    expect(loggedUrl('/api/v1/enroll/app/qr/12345678/')).toBe('/api/v1/enroll/app/qr/***/');
    expect(loggedUrl('/enroll/eyJhbGciOi.x.y?lang=it')).toBe('/enroll/***?lang=it');
    expect(loggedUrl('/api/v1/enroll/app/')).toBe('/api/v1/enroll/app/');
    expect(loggedUrl('/api/v1/enroll/eyJhbGciOi.x.y/credentials/abc/confirm/')).toBe(
      '/api/v1/enroll/***/credentials/abc/confirm/',
    );
    expect(loggedUrl('/api/v1/enroll/request-link/')).toBe('/api/v1/enroll/request-link/');
    expect(loggedUrl('/api/v1/assistant/sign-in/Zm9v-YmFy_x/verify/')).toBe('/api/v1/assistant/sign-in/***/verify/');
    expect(loggedUrl('/api/v1/assistant/sign-in/')).toBe('/api/v1/assistant/sign-in/');
    expect(loggedUrl('/confirm-email/aBc-_123?lang=it')).toBe('/confirm-email/***?lang=it');
    expect(loggedUrl('/api/v1/staff/confirm-email/')).toBe('/api/v1/staff/confirm-email/');
    expect(loggedUrl('/api/v1/users/?search=ada%40x.example&page=2')).toBe('/api/v1/users/?search=***&page=2');
    expect(loggedUrl('/signin/Ab_c-1?lang=it')).toBe('/signin/***?lang=it');
    expect(loggedUrl('/api/v1/signin/Ab_c-1/verify/')).toBe('/api/v1/signin/***/verify/');
    expect(loggedUrl('/oidc/auth/Ab_c-1')).toBe('/oidc/auth/***');
    expect(loggedUrl('/oidc/auth?client_id=x&login_hint=ada&state=s')).toBe(
      '/oidc/auth?client_id=x&login_hint=***&state=***',
    );
    expect(loggedUrl('/oidc/session/end?id_token_hint=eyJ.a.b&post_logout_redirect_uri=https%3A%2F%2Frp')).toBe(
      '/oidc/session/end?id_token_hint=***&post_logout_redirect_uri=***',
    );
  });
});
