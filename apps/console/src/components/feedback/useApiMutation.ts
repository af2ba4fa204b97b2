import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type Area, invalidateAreas } from '../../lib/api/queryKeys';
import { type ErrorFeedbackOptions, reportApiError } from './errorFeedback';
import { type FeedbackType, feedback } from './feedbackStore';

/** What a screen adds to a write: its messages and what happens next. */
export interface MutationUi<TData, TVars> extends ErrorFeedbackOptions {
  /** The success message (already translated; a string is a success, or name the type), or none. */
  success?: (t: TFunction, data: TData, vars: TVars) => string | { type: FeedbackType; message: string } | null;
  onSuccess?: (data: TData, vars: TVars) => unknown;
  /** After the failure was reported; `message` is what the user was told. */
  onError?: (err: unknown, message: string, vars: TVars) => void;
  /**
   * A long or many-part write (bulk actions, many cards, exports): the title it returns opens
   * the feedback dialog with loading on while the write runs; its success or failure message
   * goes into the dialog, which stays open until Ok. null: no dialog for these variables.
   */
  feedbackDialog?: (t: TFunction, vars: TVars) => string | null;
}

export interface ApiMutationOptions<TData, TVars> extends MutationUi<TData, TVars> {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** Areas the write changes: they, and the areas showing their data, are refreshed after it, success or not. */
  invalidates?: Area | readonly Area[];
  /**
   * The answer holds a secret shown once (an API key): the mutation cache drops it as soon as
   * nothing observes it, instead of keeping it for minutes. The screen calls `reset()` once shown.
   */
  secret?: boolean;
}

export type ApiMutation<TData, TVars> = UseMutationResult<TData, unknown, TVars> & {
  /** Runs the write; answers its data, or undefined when it failed (the failure is already reported). */
  run: (vars: TVars) => Promise<TData | undefined>;
};

/**
 * useMutation with the console's conventions: a success message, failures through the one
 * error-to-feedback handler (with field errors handed to the form), and the written areas'
 * queries refreshed afterwards. A success dismisses the error messages of the same action's
 * earlier failed attempts (the action is this hook, or `source` when several share one).
 * Area API modules wrap it in one hook per write.
 */
export function useApiMutation<TData, TVars = void>(
  options: ApiMutationOptions<TData, TVars>,
): ApiMutation<TData, TVars> {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ownSource = useId();
  const source = options.source ?? ownSource;
  const mutation = useMutation<TData, unknown, TVars, { dialog: boolean }>({
    mutationFn: options.mutationFn,
    onMutate: (vars) => {
      const title = options.feedbackDialog?.(t, vars) ?? null;
      if (title) feedback.start(title);
      return { dialog: Boolean(title) };
    },
    ...(options.secret ? { gcTime: 0 } : {}),
    onSuccess: async (data, vars) => {
      feedback.dismissErrors(source);
      const message = options.success?.(t, data, vars);
      if (message) feedback.push(typeof message === 'string' ? { type: 'success', message } : message);
      await options.onSuccess?.(data, vars);
    },
    onError: (err, vars) => {
      const message = reportApiError(t, err, { ...options, source });
      options.onError?.(err, message, vars);
    },
    onSettled: (_data, _err, _vars, context) => {
      if (context?.dialog) feedback.finish();
      return options.invalidates ? invalidateAreas(queryClient, options.invalidates) : undefined;
    },
  });
  const { mutateAsync } = mutation;
  const run = useCallback((vars: TVars) => mutateAsync(vars).catch(() => undefined), [mutateAsync]);
  return { ...mutation, run };
}
