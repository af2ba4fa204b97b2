import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      seedDemo: true,
      loginRateLimit: 30,
      publicUrl: 'http://localhost:8080',
      exportBatchRows: 10_000,
    });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.secretKeyFile).toMatch(/\/data\/secret\.key$/);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('stops with one clear line per wrong variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', SEED_DEMO: 'maybe' }),
    ).toThrowError(
      /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: DATABASE_URL must be a postgres:\/\/ URL\n {2}SMTP_URL: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL\n {2}SEED_DEMO: /,
    );
  });

  it('takes the client download links as http(s) URLs and refuses anything else', () => {
    expect(loadConfig({}).clientUrls).toEqual({ workstation: null, loginAssistant: null });
    expect(
      loadConfig({ WORKSTATION_CLIENT_URL: 'https://dl.example.com/ws.msi', LA_CLIENT_URL: 'http://intranet/la.exe' })
        .clientUrls,
    ).toEqual({ workstation: 'https://dl.example.com/ws.msi', loginAssistant: 'http://intranet/la.exe' });
    expect(() => loadConfig({ WORKSTATION_CLIENT_URL: 'ftp://dl.example.com/ws.msi' })).toThrow(
      /WORKSTATION_CLIENT_URL must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ LA_CLIENT_URL: 'not a url' })).toThrow(/LA_CLIENT_URL must be an http\(s\) URL/);
  });

  it('builds mail links on PUBLIC_URL without doubling its trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://mfa.example.com/' }).publicUrl).toBe('https://mfa.example.com');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('keeps /metrics off unless a token or a separate port is given, and checks both', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16), METRICS_PORT: '9464' }).metrics).toEqual({
      token: 'a'.repeat(16),
      port: 9464,
      host: '127.0.0.1',
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrowError(
      /METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters without spaces/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'sixteen chars and spaces' })).toThrowError(/METRICS_TOKEN: /);
    expect(() => loadConfig({ PORT: '9000', METRICS_PORT: '9000' })).toThrowError(
      /METRICS_PORT: METRICS_PORT must differ from PORT/,
    );
  });
});
