import { useEffect } from 'react';
import { createStore } from '../../lib/store';
import { dialogName } from './dialogRegistry';

/** What the guard does on the answer: leave (losing the changes) or stay. */
export interface LeaveRequest {
  leave: () => void;
  stay: () => void;
}
/** The question's name, apart from its dialog: the route guard asks it without loading MUI. */
export const UNSAVED_CHANGES_DIALOG = dialogName<LeaveRequest>('unsaved-changes');

/** Whether the page has changes not saved yet: the route guard asks before leaving it. */
export const unsavedChanges = createStore<{ dirty: boolean }>({ dirty: false });

/** A page reports its unsaved changes; closing or reloading the tab asks the browser's question too. */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    unsavedChanges.setState({ dirty });
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      unsavedChanges.setState({ dirty: false });
    };
  }, [dirty]);
}
