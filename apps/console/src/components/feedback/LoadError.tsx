import { Alert, Button } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/i18n/errorMessage';

/** A load that failed and is not being tried again right now. */
export interface LoadFailure {
  error: unknown;
  retry: () => unknown;
}

/** The failure of a query once it has given up (its own retries included); null while it loads or when it worked. */
export function loadFailure(query: {
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}): LoadFailure | null {
  return query.isError && !query.isFetching ? { error: query.error, retry: () => query.refetch() } : null;
}

interface Props {
  failure: LoadFailure;
  /** This screen's message for the failure; default: the code in the user's language, else the reason. */
  message?: (t: TFunction, err: unknown) => string;
  'data-testid'?: string;
}

/**
 * A failed load in place of what it would have shown, with Retry. It is the one message for
 * that failure: no snackbar message as well, and never the empty state.
 */
export function LoadError({ failure, message, 'data-testid': testId = 'load-error' }: Props) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      data-testid={testId}
      action={
        <Button color="inherit" size="small" onClick={() => void failure.retry()}>
          {t('common.retry')}
        </Button>
      }
    >
      {message ? message(t, failure.error) : errorMessage(t, failure.error)}
    </Alert>
  );
}
