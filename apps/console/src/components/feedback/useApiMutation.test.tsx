import { FEEDBACK_DIALOG } from '@portiere/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/apiError';
import { i18n } from '../../lib/i18n/i18n';
import { dialogs } from '../dialogs/dialogRegistry';
import { loading } from '../loading/loadingStore';
import { feedback } from './feedbackStore';
import { useApiMutation } from './useApiMutation';

describe('useApiMutation', () => {
  let client: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
  beforeEach(() => {
    client = new QueryClient();
    feedback.reset();
  });
  const messages = () => feedback.store.getState().list.map((f) => `${f.type}: ${f.message}`);

  it('says what succeeded and refreshes the written area and the areas showing it', async () => {
    client.setQueryData(['roles', 'list', {}], []);
    client.setQueryData(['members', 'list', {}], []);
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () =>
        useApiMutation({
          mutationFn: async (name: string) => ({ name }),
          invalidates: 'members',
          success: (t, saved) => t('roles.users.authorisedDone', { name: saved.name }),
          onSuccess,
        }),
      { wrapper },
    );
    await act(async () => expect(await result.current.run('ann')).toEqual({ name: 'ann' }));
    expect(messages()).toEqual(['success: ann authorised.']);
    expect(onSuccess).toHaveBeenCalledWith({ name: 'ann' }, 'ann');
    expect(client.getQueryState(['members', 'list', {}])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['roles', 'list', {}])?.isInvalidated).toBe(true);
  });

  it('reports a failure once, hands field errors over, refreshes anyway, and run answers undefined', async () => {
    client.setQueryData(['configurations', 'list', {}], []);
    const onFieldErrors = vi.fn();
    const onError = vi.fn();
    const refused = new ApiError(409, {
      reason: 'This name is already used.',
      code: 'nameExists',
      details: { name: { key: 'invalid', message: 'This name is already used.' } },
    });
    const { result } = renderHook(
      () =>
        useApiMutation({
          mutationFn: async (_: string) => {
            throw refused;
          },
          invalidates: 'configurations',
          success: () => 'never',
          onFieldErrors,
          onError,
        }),
      { wrapper },
    );
    await act(async () => expect(await result.current.run('Office')).toBeUndefined());
    expect(messages()).toEqual(['error: This name is already used.']);
    expect(onFieldErrors).toHaveBeenCalledWith({ name: 'This name is already used.' });
    expect(onError).toHaveBeenCalledWith(refused, 'This name is already used.', 'Office');
    expect(client.getQueryState(['configurations', 'list', {}])?.isInvalidated).toBe(true);
  });

  it("a success dismisses the errors of the same action's failed attempts, not those of other actions", async () => {
    let ok = false;
    const hook = (source?: string) =>
      useApiMutation({
        mutationFn: async (name: string) => {
          if (!ok) throw new ApiError(401, { reason: 'Login failed.', code: 'login' });
          return { name };
        },
        success: () => 'Signed in.',
        source,
      });
    const signIn = renderHook(() => hook(), { wrapper });
    const other = renderHook(() => hook(), { wrapper });
    const sharing = renderHook(() => hook('shared'), { wrapper });
    const sharingToo = renderHook(() => hook('shared'), { wrapper });
    for (const attempt of ['a', 'b', 'c']) await act(async () => void (await signIn.result.current.run(attempt)));
    await act(async () => void (await other.result.current.run('x')));
    await act(async () => void (await sharing.result.current.run('y')));
    feedback.push({ type: 'error', message: 'Not about signing in.' });
    expect(messages().filter((m) => m === 'error: Login failed.')).toHaveLength(5);

    ok = true;
    await act(async () => void (await signIn.result.current.run('d')));
    expect(messages()).toEqual([
      'error: Login failed.',
      'error: Login failed.',
      'error: Not about signing in.',
      'success: Signed in.',
    ]);
    // Hooks naming one source are one action.
    await act(async () => void (await sharingToo.result.current.run('z')));
    expect(messages()).toEqual([
      'error: Login failed.',
      'error: Not about signing in.',
      'success: Signed in.',
      'success: Signed in.',
    ]);
  });

  it('runs a long write in the feedback dialog: title, loading while it runs, its messages in the dialog', async () => {
    dialogs.register(FEEDBACK_DIALOG);
    const releases: ((v: { done: number }) => void)[] = [];
    const release = async (v: { done: number }) => {
      await vi.waitFor(() => expect(releases.length).toBeGreaterThan(0));
      releases.shift()?.(v);
    };
    const { result } = renderHook(
      () =>
        useApiMutation({
          mutationFn: (_ids: string[]) => new Promise<{ done: number }>((r) => releases.push(r)),
          feedbackDialog: (_t, ids) => (ids.length > 1 ? `Blocking ${ids.length} users` : null),
          success: (_t, r) => `${r.done} blocked`,
        }),
      { wrapper },
    );
    let pending: Promise<unknown> = Promise.resolve();
    act(() => {
      pending = result.current.run(['a', 'b']);
    });
    await vi.waitFor(() => expect(dialogs.isOpen(FEEDBACK_DIALOG)).toBe(true));
    expect(feedback.store.getState().title).toBe('Blocking 2 users');
    expect(loading.isLoading()).toBe(true);
    await act(async () => {
      await release({ done: 2 });
      await pending;
    });
    expect(loading.isLoading()).toBe(false);
    expect(dialogs.isOpen(FEEDBACK_DIALOG)).toBe(true);
    expect(feedback.store.getState().dialogList.map((f) => f.message)).toEqual(['2 blocked']);
    expect(messages()).toEqual([]);
    await act(() => feedback.stop());

    // One item: no dialog, the message in the snackbar as usual.
    act(() => {
      pending = result.current.run(['a']);
    });
    await act(async () => {
      await release({ done: 1 });
      await pending;
    });
    expect(dialogs.isOpen(FEEDBACK_DIALOG)).toBe(false);
    expect(messages()).toEqual(['success: 1 blocked']);
    dialogs.unregister(FEEDBACK_DIALOG);
  });
});
