import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/i18n/errorMessage';
import { feedback } from './feedbackStore';

/** Shows a failed load of a page's query as an error message (it stays until closed). */
export function useQueryErrorFeedback(query: { isError: boolean; error: unknown }): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (query.isError) feedback.push({ type: 'error', message: errorMessage(t, query.error) });
  }, [query.isError, query.error, t]);
}
