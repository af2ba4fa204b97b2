import { Backdrop, CircularProgress } from '@mui/material';
import { FEEDBACK_DIALOG, SPINNER_SIZES } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import { dialogs } from '../dialogs/dialogRegistry';
import { loading, type SpinnerSize } from './loadingStore';

/** The one spinner of the console (spec 9): small 30/3, medium 60/4 (default), large 80/6. */
export function Spinner({ size = 'medium', label }: { size?: SpinnerSize; label?: string }) {
  const { t } = useTranslation();
  const s = SPINNER_SIZES[size];
  return (
    <CircularProgress
      size={s.size}
      thickness={s.thickness}
      aria-label={label ?? t('common.loading')}
      data-size={size}
    />
  );
}

/** Global overlay driven by loading.start()/stop(); the feedback dialog shows its own instead. */
export function LoadingOverlay() {
  const on = useStore(loading.store, (s) => s.loading);
  const size = useStore(loading.store, (s) => s.size);
  const inDialog = useStore(dialogs.store, (s) => s.stack.includes(FEEDBACK_DIALOG));
  const shown = on && !inDialog;
  return (
    <Backdrop
      open={shown}
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}
      data-testid="loading-overlay"
    >
      {shown && <Spinner size={size} />}
    </Backdrop>
  );
}
