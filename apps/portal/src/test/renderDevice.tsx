import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountStore } from '../flows/device/accountStore';
import DeviceApp from '../flows/device/DeviceApp';
import { I18nProvider } from '../lib/i18n/I18nProvider';

/** The smartphone app opened at /app/ (with `hash`, as a QR code opens it), its accounts in `store`. */
export function renderDevice(store: AccountStore, hash = '') {
  window.history.replaceState(null, '', `/app/${hash}`);
  const user = userEvent.setup();
  return {
    user,
    ...render(
      <I18nProvider>
        <DeviceApp store={store} />
      </I18nProvider>,
    ),
  };
}
