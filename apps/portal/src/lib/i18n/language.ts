/** Which language the members' pages start in, and where the member's own choice is kept. */
export const LANGUAGES = ['en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

const STORAGE_KEY = 'portiere.portal.language';

/** 'it-IT' → 'it'; anything we have no dictionary for → null. */
export function supported(tag: string | null | undefined): Language | null {
  const prefix = tag?.toLowerCase().split('-')[0];
  return LANGUAGES.find((l) => l === prefix) ?? null;
}

/**
 * The member's own choice (the switch) wins; then the browser's language when we have it;
 * then the customer's language when we have it; else English.
 */
export function pickLanguage(chosen: string | null, browser: string | null, customer: string | null): Language {
  return supported(chosen) ?? supported(browser) ?? supported(customer) ?? 'en';
}

export function storedLanguage(): Language | null {
  try {
    return supported(localStorage.getItem(STORAGE_KEY));
  } catch {
    // Storage may be refused (private modes): the choice then lasts for the page only.
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // see storedLanguage
  }
}

export function browserLanguage(): string | null {
  return typeof navigator === 'undefined' ? null : (navigator.language ?? null);
}
