import type { SPINNER_SIZES } from '@portiere/contracts';
import { createStore } from '../../lib/store';

export type SpinnerSize = keyof typeof SPINNER_SIZES;

export function createLoading() {
  const store = createStore({ loading: false, size: 'medium' as SpinnerSize });
  return {
    store,
    /** off -> on; starting again while on changes nothing (not even the size). */
    start(size: SpinnerSize = 'medium') {
      if (store.getState().loading) return;
      store.setState({ loading: true, size });
    },
    stop() {
      if (!store.getState().loading) return;
      store.setState({ loading: false });
    },
    isLoading: () => store.getState().loading,
  };
}
export type Loading = ReturnType<typeof createLoading>;

export const loading = createLoading();
