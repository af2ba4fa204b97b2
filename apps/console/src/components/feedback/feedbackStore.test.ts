import { FEEDBACK_DIALOG } from '@portiere/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDialogRegistry, type DialogRegistry } from '../dialogs/dialogRegistry';
import { createLoading, type Loading } from '../loading/loadingStore';
import { createFeedback, displayDuration, type FeedbackApi } from './feedbackStore';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
const messages = (fb: FeedbackApi) => fb.store.getState().list.map((f) => f.message);

describe('feedback', () => {
  let dialogs: DialogRegistry;
  let loading: Loading;
  let fb: FeedbackApi;

  beforeEach(() => {
    vi.useFakeTimers();
    dialogs = createDialogRegistry();
    loading = createLoading();
    fb = createFeedback({ dialogs, loading });
    dialogs.register(FEEDBACK_DIALOG);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('computes max(2000, 200 * words)', () => {
    expect(displayDuration('Saved.')).toBe(2000);
    expect(displayDuration(words(10))).toBe(2000);
    expect(displayDuration(words(11))).toBe(2200);
    expect(displayDuration(`  ${words(15)}  `)).toBe(3000);
  });

  it('removes an info message after its duration on screen', () => {
    fb.push({ type: 'info', message: 'Hello' });
    fb.shown();
    vi.advanceTimersByTime(1999);
    expect(messages(fb)).toEqual(['Hello']);
    vi.advanceTimersByTime(1);
    expect(messages(fb)).toEqual([]);
  });

  it('accumulates durations: each leaves only after the earlier ones', () => {
    fb.push({ type: 'success', message: 'one' }); // 0 -> 2000
    fb.push({ type: 'warning', message: words(15) }); // 2000 -> 5000
    fb.push({ type: 'info', message: 'three' }); // 5000 -> 7000
    fb.shown();
    vi.advanceTimersByTime(2000);
    expect(messages(fb)).toEqual([words(15), 'three']);
    vi.advanceTimersByTime(2999);
    expect(messages(fb)).toEqual([words(15), 'three']);
    vi.advanceTimersByTime(1);
    expect(messages(fb)).toEqual(['three']);
    vi.advanceTimersByTime(2000);
    expect(messages(fb)).toEqual([]);
  });

  it('starts from now again once the queue has drained', () => {
    fb.push({ type: 'info', message: 'a' });
    fb.shown();
    vi.advanceTimersByTime(10_000);
    fb.push({ type: 'info', message: 'b' });
    fb.shown();
    vi.advanceTimersByTime(1999);
    expect(messages(fb)).toEqual(['b']);
    vi.advanceTimersByTime(1);
    expect(messages(fb)).toEqual([]);
  });

  it("starts a message's time when the snackbar shows it, once", () => {
    fb.push({ type: 'success', message: 'User created.' });
    // The page is busy (a route's chunk loading): nothing shows the message yet.
    vi.advanceTimersByTime(10_000);
    expect(messages(fb)).toEqual(['User created.']);
    fb.shown();
    vi.advanceTimersByTime(1000);
    // Rendered again (another message came): the first one's time is not restarted.
    fb.push({ type: 'info', message: 'next' });
    fb.shown();
    vi.advanceTimersByTime(1000);
    expect(messages(fb)).toEqual(['next']);
    vi.advanceTimersByTime(2000);
    expect(messages(fb)).toEqual([]);
  });

  it('keeps errors until closed or reset, without delaying timed messages', () => {
    fb.push({ type: 'error', message: 'boom' });
    fb.push({ type: 'info', message: 'note' });
    fb.shown();
    vi.advanceTimersByTime(2000);
    expect(messages(fb)).toEqual(['boom']);
    vi.advanceTimersByTime(60_000);
    expect(messages(fb)).toEqual(['boom']);
    const id = fb.store.getState().list[0]?.id ?? -1;
    fb.remove(id);
    expect(messages(fb)).toEqual([]);
  });

  it('reset empties the list and the accumulated time', () => {
    fb.push({ type: 'info', message: words(20) }); // 4000
    fb.push({ type: 'error', message: 'boom' });
    fb.shown();
    fb.reset();
    expect(messages(fb)).toEqual([]);
    expect(fb.store.getState().busyUntil).toBe(0);
    fb.push({ type: 'info', message: 'fresh' });
    fb.shown();
    vi.advanceTimersByTime(2000);
    expect(messages(fb)).toEqual([]);
  });

  it('routes messages into the dialog list while the feedback dialog is open', () => {
    fb.start('Import');
    expect(dialogs.isOpen(FEEDBACK_DIALOG)).toBe(true);
    expect(loading.isLoading()).toBe(true);
    expect(fb.store.getState().title).toBe('Import');
    fb.push({ type: 'error', message: 'row 1 failed' });
    fb.push({ type: 'success', message: 'row 2 imported' });
    expect(messages(fb)).toEqual([]);
    expect(fb.store.getState().dialogList.map((f) => f.message)).toEqual(['row 1 failed', 'row 2 imported']);
    vi.advanceTimersByTime(60_000);
    expect(fb.store.getState().dialogList).toHaveLength(2);
  });

  it('routes messages into the dialog list while a stepper dialog is open', () => {
    dialogs.register('wizard', { stepper: true });
    dialogs.open('wizard');
    fb.push({ type: 'info', message: 'step done' });
    expect(messages(fb)).toEqual([]);
    expect(fb.store.getState().dialogList).toHaveLength(1);
    dialogs.close('wizard');
    fb.push({ type: 'info', message: 'back to snackbar' });
    expect(messages(fb)).toEqual(['back to snackbar']);
  });

  it('stop closes the dialog, awaits the callback once and cleans up after 500 ms', async () => {
    const callback = vi.fn(async () => {});
    fb.start('Import');
    fb.push({ type: 'info', message: 'done' });
    fb.onStop(callback);
    await fb.stop();
    expect(dialogs.isOpen(FEEDBACK_DIALOG)).toBe(false);
    expect(loading.isLoading()).toBe(false);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(fb.store.getState().title).toBe('Import');
    expect(fb.store.getState().dialogList).toHaveLength(1);
    vi.advanceTimersByTime(499);
    expect(fb.store.getState().title).toBe('Import');
    vi.advanceTimersByTime(1);
    expect(fb.store.getState().title).toBeNull();
    expect(fb.store.getState().dialogList).toEqual([]);

    fb.start('Again');
    await fb.stop();
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('finish stops the loading but keeps the dialog and its messages until it is closed', async () => {
    fb.start('Block 3 users');
    fb.push({ type: 'success', message: '3 blocked' });
    fb.finish();
    expect(loading.isLoading()).toBe(false);
    expect(dialogs.isOpen(FEEDBACK_DIALOG)).toBe(true);
    fb.push({ type: 'warning', message: 'late' });
    expect(fb.store.getState().dialogList.map((f) => f.message)).toEqual(['3 blocked', 'late']);
    expect(messages(fb)).toEqual([]);
    await fb.stop();
    fb.push({ type: 'info', message: 'after' });
    expect(messages(fb)).toEqual(['after']);
  });

  it('a start within the clean-up delay keeps its own title and messages', async () => {
    fb.start('First');
    await fb.stop();
    vi.advanceTimersByTime(200);
    fb.start('Second');
    fb.push({ type: 'info', message: 'second run' });
    vi.advanceTimersByTime(1_000);
    expect(fb.store.getState().title).toBe('Second');
    expect(fb.store.getState().dialogList.map((f) => f.message)).toEqual(['second run']);
  });

  it('closing the dialog by its name (Escape) stops once, with the callback run once', async () => {
    const callback = vi.fn();
    dialogs.register(FEEDBACK_DIALOG, { onClose: () => void fb.stop() });
    fb.start('Export');
    fb.onStop(callback);
    dialogs.close(FEEDBACK_DIALOG);
    await Promise.resolve();
    expect(loading.isLoading()).toBe(false);
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(fb.store.getState().title).toBeNull();
  });
});
