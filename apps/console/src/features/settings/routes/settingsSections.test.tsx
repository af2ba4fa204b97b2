/**
 * Spec section 2, "Settings sections": each section it names is found under its name (a heading
 * of its own, in English and in Italian) on one of the settings pages, with the fields the spec
 * lists for it.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n/i18n';
import { fakeApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';
import { settingsServer } from '../../../test/settingsFixtures';

const COLD = { timeout: 20_000 };
const PAGES = [
  '/general-settings',
  '/weblogin-settings',
  '/workstation-settings',
  '/login-assistant-settings',
  '/customizations',
];

/**
 * The spec's sections by their names in each language, with fields (labels) the spec names for
 * them. "CMS, self enroller and general settings" names three: CMS, the self-enroller and General.
 */
const SECTIONS = {
  en: {
    General: ['Address', 'Domain', 'Language'],
    'SMS customisation': ['SMS sender', 'SMS message'],
    'App labels': ['Web section label', 'Workstation section label'],
    'User authentication settings': ['Username shown as'],
    'Web login settings': ['ID token duration (s)', 'OIDC refresh token duration (s)', 'Enable single sign-on'],
    'Workstation login settings': ['Temporary card code length', 'Recovery mode disables the other credentials'],
    'Login assistant settings': ['Users may create their own credentials', 'Autologon'],
    'PIN, OTP and HOTP settings': ['Time step (s)', 'Window (retries)'],
    'CMS settings': ['Active Directory group', 'Card printer'],
    'Self-enroller settings': ['The smartphone app', 'Personal credentials'],
    'Customisation of enrol and login pages': [
      'Primary colour',
      'Icons',
      'Sign-in page text',
      'Logo file',
      'Named logo file',
    ],
  },
  it: {
    Generali: ['Indirizzo', 'Dominio', 'Lingua'],
    'Personalizzazione SMS': ['Mittente SMS', 'Messaggio SMS'],
    "Etichette dell'app": ['Etichetta sezione web', 'Etichetta sezione postazione'],
    'Impostazioni di autenticazione degli utenti': ['Nome utente mostrato come'],
    'Impostazioni di accesso web': ['Durata ID token (s)', 'Durata refresh token OIDC (s)', 'Abilita single sign-on'],
    'Impostazioni di accesso alla postazione': [
      'Lunghezza codice tessera temporanea',
      'La modalità di recupero disabilita le altre credenziali',
    ],
    'Impostazioni del Login Assistant': ['Gli utenti possono creare le proprie credenziali', 'Accesso automatico'],
    'Impostazioni PIN, OTP e HOTP': ['Intervallo (s)', 'Finestra (tentativi)'],
    'Impostazioni CMS': ['Gruppo Active Directory', 'Stampante di tessere'],
    'Impostazioni di registrazione autonoma': ["L'app per smartphone", 'Credenziali personali'],
    'Personalizzazione delle pagine di registrazione e di accesso': [
      'Colore primario',
      'Icone',
      'Testo della pagina di accesso',
      'File Logo',
      'File Logo con nome',
    ],
  },
} as const;

describe('settings sections of the spec', { timeout: 120_000 }, () => {
  const server = settingsServer();
  const { reset } = fakeApi(server.handle);
  beforeEach(() => {
    server.reset();
    reset();
  });
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => switchLanguage('en'));

  for (const language of ['en', 'it'] as const) {
    it(`each is found under its name on the settings pages (${language})`, async () => {
      await switchLanguage(language);
      const found: Record<string, string> = {};
      for (const page of PAGES) {
        renderApp(page);
        // Loaded: the page's Save button is there.
        await screen.findByRole('button', { name: language === 'en' ? 'Save' : 'Salva' }, COLD);
        for (const [name, fields] of Object.entries(SECTIONS[language])) {
          const region = screen.queryByRole('region', { name });
          if (!region) continue;
          expect(found[name], `${name} on ${found[name]} and ${page}`).toBeUndefined();
          found[name] = page;
          expect(within(region).getByRole('heading', { name })).toBeTruthy();
          for (const field of fields) expect(within(region).getAllByLabelText(field).length, field).toBeGreaterThan(0);
        }
        cleanup();
      }
      expect(Object.keys(found).sort()).toEqual(Object.keys(SECTIONS[language]).sort());
    });
  }
});
