import { useEffect, useRef } from 'react';
import { useStore } from '../../lib/store';
import { type DialogName, dialogs } from './dialogRegistry';

export interface UseDialogOptions<P> {
  onOpen?: (payload: P) => void;
  onClose?: () => void;
  stepper?: boolean;
}

/** Registers a named dialog while the component is mounted and answers whether it is open. */
export function useDialog<P>(dialog: DialogName<P>, options: UseDialogOptions<P> = {}): boolean {
  const { name } = dialog;
  // Latest callbacks without re-registering on every render.
  const ref = useRef(options);
  ref.current = options;
  const stepper = options.stepper;
  useEffect(() => {
    dialogs.register(name, {
      stepper,
      onOpen: (payload) => ref.current.onOpen?.(payload as P),
      onClose: () => ref.current.onClose?.(),
    });
    return () => dialogs.unregister(name);
  }, [name, stepper]);
  return useStore(dialogs.store, (s) => s.stack.includes(name));
}
