import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n/I18nProvider';
import DeviceApp from './DeviceApp';

/** The app with the browser's own store (none in jsdom: as a browser that cannot keep keys). */
const open = () =>
  render(
    <I18nProvider>
      <DeviceApp />
    </I18nProvider>,
  );

describe('the smartphone app where keys cannot be kept', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the address is not secure when it is served over plain HTTP', () => {
    vi.stubGlobal('isSecureContext', false);
    open();
    expect(screen.getByText(/This address is not secure \(it does not start with https:\/\/\)/)).toBeTruthy();
  });

  it('says the browser cannot keep the keys on a secure address without them', () => {
    vi.stubGlobal('isSecureContext', true);
    open();
    expect(screen.getByText(/This browser cannot keep the app's keys safely/)).toBeTruthy();
  });
});
