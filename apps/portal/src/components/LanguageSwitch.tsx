import { en } from '../lib/i18n/en';
import { useI18n } from '../lib/i18n/I18nProvider';
import { it } from '../lib/i18n/it';
import { LANGUAGES } from '../lib/i18n/language';

const NAMES = { en: en.language.name, it: it.language.name };

/** English / Italiano, each named in its own language; the choice is kept for the next visit. */
export function LanguageSwitch() {
  const { language, choose, d } = useI18n();
  return (
    <fieldset className="language-switch">
      <legend className="visually-hidden">{d.language.switchLabel}</legend>
      {LANGUAGES.map((l) => (
        <button key={l} type="button" lang={l} aria-pressed={l === language} onClick={() => choose(l)}>
          {NAMES[l]}
        </button>
      ))}
    </fieldset>
  );
}
