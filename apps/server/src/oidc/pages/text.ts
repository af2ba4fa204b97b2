/** The provider's own pages in English and Italian (the portal's words for the same things). */
export const PAGE_LANGUAGES = ['en', 'it'] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

export interface PageText {
  securedBy: string;
  signOutTitle: string;
  signOutQuestion: (application: string | null) => string;
  signOutYes: string;
  signOutNo: string;
  signedOutTitle: string;
  signedOutText: string;
  errorTitle: string;
  /** What went wrong, by the protocol's error code; `other` for the rest. */
  errors: Record<'access_denied' | 'invalid_client' | 'invalid_request' | 'session_expired' | 'other', string>;
  technicalDetails: string;
}

const en: PageText = {
  securedBy: 'Secured by Portiere',
  signOutTitle: 'Sign out',
  signOutQuestion: (app) => (app ? `Do you want to sign out of ${app}?` : 'Do you want to sign out?'),
  signOutYes: 'Yes, sign me out',
  signOutNo: 'No, stay signed in',
  signedOutTitle: 'Signed out',
  signedOutText: 'You are signed out. You can close this page.',
  errorTitle: 'Sign-in error',
  errors: {
    access_denied: 'The sign-in was refused. Go back to the application and start again.',
    invalid_client: 'This application is not known here. Tell whoever runs it.',
    invalid_request: 'The application sent a request that cannot be served. Tell whoever runs it.',
    session_expired: 'This sign-in has expired or is finished. Go back to the application and start again.',
    other: 'The sign-in could not go on. Go back to the application and start again.',
  },
  technicalDetails: 'Technical details',
};

const it: PageText = {
  securedBy: 'Protetto da Portiere',
  signOutTitle: 'Esci',
  signOutQuestion: (app) => (app ? `Vuoi uscire da ${app}?` : 'Vuoi uscire?'),
  signOutYes: 'Sì, esci',
  signOutNo: 'No, resta connesso',
  signedOutTitle: 'Sei uscito',
  signedOutText: 'Sei uscito. Puoi chiudere questa pagina.',
  errorTitle: 'Errore di accesso',
  errors: {
    access_denied: "L'accesso è stato rifiutato. Torna all'applicazione e ricomincia.",
    invalid_client: 'Questa applicazione non è conosciuta qui. Avvisa chi la gestisce.',
    invalid_request: "L'applicazione ha inviato una richiesta che non può essere servita. Avvisa chi la gestisce.",
    session_expired: "Questo accesso è scaduto o è terminato. Torna all'applicazione e ricomincia.",
    other: "L'accesso non può proseguire. Torna all'applicazione e ricomincia.",
  },
  technicalDetails: 'Dettagli tecnici',
};

export const PAGE_TEXT: Record<PageLanguage, PageText> = { en, it };

/**
 * The page's language: the request's ui_locales (the application's choice for its user), then
 * the browser's Accept-Language, then the customer's language, else English.
 */
export function pageLanguage(uiLocales: unknown, acceptLanguage: string | undefined, customer?: string): PageLanguage {
  const tags = [
    ...(typeof uiLocales === 'string' ? uiLocales.split(' ') : []),
    ...(acceptLanguage ?? '')
      .split(',')
      .map((part) => part.split(';')[0]?.trim() ?? '')
      .filter(Boolean),
    customer ?? '',
  ];
  for (const tag of tags) {
    const prefix = tag.toLowerCase().split('-')[0];
    const found = PAGE_LANGUAGES.find((l) => l === prefix);
    if (found) return found;
  }
  return 'en';
}
