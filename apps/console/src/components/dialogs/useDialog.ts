import { useEffect, useRef } from 'react';
import { useStore } from '../../lib/store';
import { type DialogOptions, dialogs } from './dialogRegistry';

/** Registers a named dialog while the component is mounted and answers whether it is open. */
export function useDialog(name: string, options: DialogOptions = {}): boolean {
  // Latest callbacks without re-registering on every render.
  const ref = useRef(options);
  ref.current = options;
  const stepper = options.stepper;
  useEffect(() => {
    dialogs.register(name, {
      stepper,
      onOpen: () => ref.current.onOpen?.(),
      onClose: () => ref.current.onClose?.(),
    });
    return () => dialogs.unregister(name);
  }, [name, stepper]);
  return useStore(dialogs.store, (s) => s.stack.includes(name));
}
