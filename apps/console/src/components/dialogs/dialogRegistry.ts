import { createStore } from '../../lib/store';

export interface DialogOptions {
  /** Runs when the dialog opens, with what it was opened with. */
  onOpen?: (payload: unknown) => void;
  onClose?: () => void;
  /** Stepper dialogs collect feedback messages in their own list, like the feedback dialog. */
  stepper?: boolean;
}
interface DialogEntry extends DialogOptions {
  name: string;
}
interface RegistryState {
  dialogs: Record<string, DialogEntry>;
  /** Open dialogs, oldest first; the last one is closed by close() without a name. */
  stack: string[];
  /** What each dialog was last opened with (kept while it closes, so its content does not flash). */
  payloads: Record<string, unknown>;
}

/**
 * A dialog's name and the type of the payload it opens with: `openDialog(EDIT_ROLE, role)`.
 * The dialog receives the payload in its onOpen callback, before it renders open.
 */
export interface DialogName<P = undefined> {
  readonly name: string;
  /** Type only: never set. */
  readonly payloadType?: P;
}
export function dialogName<P = undefined>(name: string): DialogName<P> {
  return { name };
}

export function createDialogRegistry() {
  const store = createStore<RegistryState>({ dialogs: {}, stack: [], payloads: {} });
  const isOpen = (name: string) => store.getState().stack.includes(name);

  function closeNow(name: string | undefined) {
    const { stack, dialogs } = store.getState();
    const target = name ?? stack[stack.length - 1];
    if (!target || !stack.includes(target)) return;
    store.setState({ stack: stack.filter((n) => n !== target) });
    dialogs[target]?.onClose?.();
  }

  return {
    store,
    isOpen,
    register(name: string, options: DialogOptions = {}) {
      // Re-registering (a remounted component) refreshes the callbacks and keeps the open state.
      store.setState((s) => ({ dialogs: { ...s.dialogs, [name]: { name, ...options } } }));
    },
    unregister(name: string) {
      store.setState((s) => {
        const { [name]: _removed, ...dialogs } = s.dialogs;
        return { dialogs, stack: s.stack.filter((n) => n !== name) };
      });
    },
    isRegistered: (name: string) => name in store.getState().dialogs,
    /** Opens a registered dialog with an optional payload, handed to its onOpen callback. */
    open(name: string, payload?: unknown): boolean {
      const { dialogs, stack } = store.getState();
      const entry = dialogs[name];
      if (!entry) {
        console.error(
          `Dialog "${name}" is not registered. Registered dialogs: ${Object.keys(dialogs).join(', ') || '(none)'}`,
        );
        return false;
      }
      if (stack.includes(name)) return false;
      store.setState((s) => ({ stack: [...stack, name], payloads: { ...s.payloads, [name]: payload } }));
      entry.onOpen?.(payload);
      return true;
    },
    /** Closes `name`, or the most recently opened dialog; optionally after `delayMs`. */
    close(name?: string, delayMs = 0) {
      if (delayMs > 0) {
        const target = name ?? store.getState().stack[store.getState().stack.length - 1];
        setTimeout(() => closeNow(target), delayMs);
        return;
      }
      closeNow(name);
    },
    payloadOf: (name: string): unknown => store.getState().payloads[name],
    hasOpenStepper(): boolean {
      const { dialogs, stack } = store.getState();
      return stack.some((n) => dialogs[n]?.stepper);
    },
  };
}
export type DialogRegistry = ReturnType<typeof createDialogRegistry>;

export const dialogs = createDialogRegistry();

/** Opens a dialog with its payload (typed by the dialog's name). */
export function openDialog<P>(dialog: DialogName<P>, ...payload: [P] extends [undefined] ? [] : [payload: P]): boolean {
  return dialogs.open(dialog.name, payload[0]);
}

/**
 * Opens a dialog now or, while the chunk that registers it still loads (the app-wide dialogs come
 * in a chunk of their own), as soon as it registers: a click made meanwhile is not lost. (Opening
 * an unregistered dialog by name does nothing, as the spec says; this waits instead.)
 */
export function openDialogWhenRegistered<P>(
  dialog: DialogName<P>,
  ...payload: [P] extends [undefined] ? [] : [payload: P]
): void {
  if (dialogs.isRegistered(dialog.name)) {
    dialogs.open(dialog.name, payload[0]);
    return;
  }
  const stop = dialogs.store.subscribe(() => {
    if (!dialogs.isRegistered(dialog.name)) return;
    stop();
    dialogs.open(dialog.name, payload[0]);
  });
}
