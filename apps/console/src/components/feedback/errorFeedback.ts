import type { ErrorCode } from '@portiere/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api/apiError';
import { errorMessage } from '../../lib/i18n/errorMessage';
import { fieldErrorMessage } from '../../lib/i18n/fieldError';
import { feedback } from './feedbackStore';

/** Per-field messages, keyed by the dotted path of the field (the server's `details` keys). */
export type FieldMessages = Record<string, string>;

export interface ErrorFeedbackOptions {
  /** This screen's message for the failure; default: the code in the user's language, else the reason. */
  message?: (t: TFunction, err: unknown) => string;
  /**
   * Receives the server's field errors, translated, when the answer names fields. Answering true
   * says the form now shows them under their fields: the snackbar then stays quiet (one message,
   * the precise one).
   */
  onFieldErrors?: (errors: FieldMessages) => unknown;
  /** Codes that concern one field although the answer has no details (usernameExists -> username). */
  codeFields?: Partial<Record<ErrorCode, string>>;
  /** false: the screen shows the message itself (in the dialog), no snackbar message. */
  notify?: boolean;
  /** The action that failed: its next success dismisses this message (see useApiMutation). */
  source?: string;
}

/**
 * The server's field errors in the user's language: each detail's key and params through
 * `validation.<key>`; a conflict (409) on a field shows the conflict's own message there.
 */
export function serverFieldErrors(
  t: TFunction,
  err: unknown,
  codeFields: ErrorFeedbackOptions['codeFields'] = {},
): FieldMessages {
  if (!isApiError(err) || !err.body) return {};
  const out: FieldMessages = {};
  const conflict = err.status === 409;
  for (const [path, detail] of Object.entries(err.body.details ?? {})) {
    out[path] = conflict ? errorMessage(t, err) : fieldErrorMessage(t, detail);
  }
  const field = codeFields[err.body.code as ErrorCode];
  if (field && !out[field]) out[field] = errorMessage(t, err);
  return out;
}

/**
 * The one error-to-feedback handler: hands field errors to the form, pushes the failure's
 * message (unless the screen or the form's fields show it), and answers the message.
 */
export function reportApiError(t: TFunction, err: unknown, options: ErrorFeedbackOptions = {}): string {
  const message = options.message ? options.message(t, err) : errorMessage(t, err);
  let shownByFields = false;
  if (options.onFieldErrors) {
    const fields = serverFieldErrors(t, err, options.codeFields);
    if (Object.keys(fields).length) shownByFields = options.onFieldErrors(fields) === true;
  }
  if (options.notify !== false && !shownByFields) feedback.push({ type: 'error', message, source: options.source });
  return message;
}
