import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type Dictionary, en } from './en';
import { it } from './it';
import { browserLanguage, type Language, pickLanguage, storedLanguage, storeLanguage } from './language';

const DICTIONARIES: Record<Language, Dictionary> = { en, it };

interface I18n {
  language: Language;
  d: Dictionary;
  /** The member's choice from the switch: kept for their next visit. */
  choose: (language: Language) => void;
  /** The customer's language, known once the page's data has loaded (used when the browser's is not ours). */
  setCustomerLanguage: (language: string | null) => void;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<Language | null>(storedLanguage);
  const [customer, setCustomerLanguage] = useState<string | null>(null);
  const language = pickLanguage(chosen, browserLanguage(), customer);
  const choose = useCallback((l: Language) => {
    storeLanguage(l);
    setChosen(l);
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo(
    () => ({ language, d: DICTIONARIES[language], choose, setCustomerLanguage }),
    [language, choose],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside I18nProvider');
  return i18n;
}
