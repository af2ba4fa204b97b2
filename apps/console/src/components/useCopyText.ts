import { useTranslation } from 'react-i18next';
import { feedback } from './feedback/feedbackStore';

/** Copies a text to the clipboard, saying so (or that it failed); answers whether it was copied. */
export function useCopyText(): (value: string) => Promise<boolean> {
  const { t } = useTranslation();
  return async (value) => {
    try {
      await navigator.clipboard.writeText(value);
      feedback.push({ type: 'info', message: t('info.copied') });
      return true;
    } catch {
      feedback.push({ type: 'error', message: t('error.generic') });
      return false;
    }
  };
}
