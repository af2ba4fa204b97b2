import { createStore } from '../../lib/store';

export interface DialogOptions {
  onOpen?: () => void;
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
}

export function createDialogRegistry() {
  const store = createStore<RegistryState>({ dialogs: {}, stack: [] });
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
    open(name: string): boolean {
      const { dialogs, stack } = store.getState();
      const entry = dialogs[name];
      if (!entry) {
        console.error(
          `Dialog "${name}" is not registered. Registered dialogs: ${Object.keys(dialogs).join(', ') || '(none)'}`,
        );
        return false;
      }
      if (stack.includes(name)) return false;
      store.setState({ stack: [...stack, name] });
      entry.onOpen?.();
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
    hasOpenStepper(): boolean {
      const { dialogs, stack } = store.getState();
      return stack.some((n) => dialogs[n]?.stepper);
    },
  };
}
export type DialogRegistry = ReturnType<typeof createDialogRegistry>;

export const dialogs = createDialogRegistry();
