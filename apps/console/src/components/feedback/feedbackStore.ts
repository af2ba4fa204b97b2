import {
  FEEDBACK_DIALOG,
  FEEDBACK_DIALOG_CLEANUP_MS,
  FEEDBACK_MIN_MS,
  FEEDBACK_PER_WORD_MS,
} from '@portiere/contracts';
import { createStore } from '../../lib/store';
import { type DialogRegistry, dialogs as defaultDialogs } from '../dialogs/dialogRegistry';
import { loading as defaultLoading, type Loading } from '../loading/loadingStore';

export type FeedbackType = 'info' | 'success' | 'warning' | 'error';
export interface Feedback {
  id: number;
  type: FeedbackType;
  message: string;
  /** The action the message is about (a write, the sign-in): its success dismisses its errors. */
  source?: string;
}
interface FeedbackState {
  /** Messages shown in the snackbar. */
  list: Feedback[];
  /** Messages collected while the feedback (or a stepper) dialog is open. */
  dialogList: Feedback[];
  title: string | null;
  /** Epoch ms when the last queued timed message disappears; 0 when nothing is queued. */
  busyUntil: number;
}

/** How long a non-error message stays: max(2000 ms, 200 ms per word). */
export function displayDuration(message: string): number {
  const words = message.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(FEEDBACK_MIN_MS, FEEDBACK_PER_WORD_MS * words);
}

export function createFeedback(deps: { dialogs: DialogRegistry; loading: Loading }) {
  const store = createStore<FeedbackState>({ list: [], dialogList: [], title: null, busyUntil: 0 });
  let nextId = 1;
  let timers: ReturnType<typeof setTimeout>[] = [];
  /** Timed messages whose time runs (shown). */
  const timed = new Set<number>();
  let stopCallback: (() => unknown) | null = null;
  let cleanup: ReturnType<typeof setTimeout> | null = null;
  let stopping = false;

  const remove = (id: number) => store.setState((s) => ({ list: s.list.filter((f) => f.id !== id) }));

  return {
    store,
    push(input: { type: FeedbackType; message: string; source?: string }) {
      const item: Feedback = { id: nextId++, ...input };
      if (deps.dialogs.isOpen(FEEDBACK_DIALOG) || deps.dialogs.hasOpenStepper()) {
        store.setState((s) => ({ dialogList: [...s.dialogList, item] }));
        return;
      }
      if (item.type === 'error') {
        // Errors stay until closed or reset.
        store.setState((s) => ({ list: [...s.list, item] }));
        return;
      }
      store.setState((s) => ({ list: [...s.list, item] }));
    },
    /**
     * The snackbar shows the list: each timed message's time starts now, once. Counted from the
     * push, a message raised while the page was busy (a route's chunk loading, the snackbar's own
     * chunk not there yet) could leave before anyone saw it. Durations accumulate: a message
     * leaves only after every earlier one has.
     */
    shown() {
      const now = Date.now();
      let { busyUntil } = store.getState();
      for (const item of store.getState().list) {
        if (item.type === 'error' || timed.has(item.id)) continue;
        timed.add(item.id);
        busyUntil = Math.max(now, busyUntil) + displayDuration(item.message);
        timers.push(setTimeout(() => remove(item.id), busyUntil - now));
      }
      store.setState({ busyUntil });
    },
    remove,
    /** The action worked after all: its earlier errors in the snackbar no longer hold. */
    dismissErrors(source: string) {
      store.setState((s) => ({ list: s.list.filter((f) => f.type !== 'error' || f.source !== source) }));
    },
    reset() {
      for (const t of timers) clearTimeout(t);
      timers = [];
      timed.clear();
      store.setState({ list: [], busyUntil: 0 });
    },
    /** Opens the feedback dialog with a title and starts the loading overlay. */
    start(title: string) {
      // A clean-up still pending from the previous run must not wipe this one.
      if (cleanup) clearTimeout(cleanup);
      cleanup = null;
      store.setState({ title, dialogList: [] });
      deps.dialogs.open(FEEDBACK_DIALOG);
      deps.loading.start();
    },
    /** The operation is over: loading stops, the dialog stays open with its messages until closed. */
    finish() {
      deps.loading.stop();
    },
    /** Runs once at the next stop(), then is forgotten. */
    onStop(callback: () => unknown) {
      stopCallback = callback;
    },
    async stop() {
      // Closing runs the dialog's own close callback, which stops too (Escape): once is enough.
      if (stopping) return;
      stopping = true;
      try {
        deps.dialogs.close(FEEDBACK_DIALOG);
        deps.loading.stop();
        const cb = stopCallback;
        stopCallback = null;
        if (cb) await cb();
      } finally {
        stopping = false;
      }
      // Clean up after the closing animation so the dialog does not flash empty.
      if (cleanup) clearTimeout(cleanup);
      cleanup = setTimeout(() => {
        cleanup = null;
        store.setState({ title: null, dialogList: [] });
      }, FEEDBACK_DIALOG_CLEANUP_MS);
    },
  };
}
export type FeedbackApi = ReturnType<typeof createFeedback>;

export const feedback = createFeedback({ dialogs: defaultDialogs, loading: defaultLoading });
