import type { Branding } from '@portiere/contracts';
import type { ReactNode } from 'react';
import { logoOf } from '../lib/branding';
import { useI18n } from '../lib/i18n/I18nProvider';
import { LanguageSwitch } from './LanguageSwitch';

/** The frame of every members' page: the customer's band (logo or name, language) and the content. */
export function PageShell({ branding, children }: { branding: Branding | null; children: ReactNode }) {
  const { d } = useI18n();
  const logo = logoOf(branding);
  return (
    <div className="shell">
      <header className="banner">
        <div className="brand">
          {logo ? (
            <img className="brand-logo" src={logo} alt={branding?.customer_name ?? ''} referrerPolicy="no-referrer" />
          ) : (
            branding && <span className="brand-name">{branding.customer_name}</span>
          )}
        </div>
        <LanguageSwitch />
      </header>
      <main className="main">{children}</main>
      <footer className="footer">{d.common.poweredBy}</footer>
    </div>
  );
}
