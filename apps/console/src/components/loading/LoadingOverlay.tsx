import { Backdrop, CircularProgress } from '@mui/material';
import { SPINNER_SIZES } from '@portiere/contracts';
import { useStore } from '../../lib/store';
import { loading, type SpinnerSize } from './loadingStore';

export function Spinner({ size = 'medium' }: { size?: SpinnerSize }) {
  const s = SPINNER_SIZES[size];
  return <CircularProgress size={s.size} thickness={s.thickness} aria-label="loading" />;
}

/** Global overlay driven by loading.start()/stop(). */
export function LoadingOverlay() {
  const on = useStore(loading.store, (s) => s.loading);
  const size = useStore(loading.store, (s) => s.size);
  return (
    <Backdrop open={on} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }} data-testid="loading-overlay">
      {on && <Spinner size={size} />}
    </Backdrop>
  );
}
