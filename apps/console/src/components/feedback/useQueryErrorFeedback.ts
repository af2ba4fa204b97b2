import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ErrorFeedbackOptions, reportApiError } from './errorFeedback';

/** Shows a failed load of a page's query as an error message (it stays until closed). */
export function useQueryErrorFeedback(
  query: { isError: boolean; error: unknown },
  message?: ErrorFeedbackOptions['message'],
): void {
  const { t } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: one message per failure, not per render of `message`
  useEffect(() => {
    if (query.isError) reportApiError(t, query.error, { message });
  }, [query.isError, query.error, t]);
}
