import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Divider, Drawer, IconButton, Stack, Toolbar, Typography } from '@mui/material';
import { FILTERS_DRAWER_WIDTH } from '@portiere/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { canApply, canReset } from '../../components/filters/filtersReducer';
import { dispatchFilters, filtersStore } from '../../components/filters/filtersStore';
import { useStore } from '../../lib/store';
import { FilterField } from './FilterField';

/** Right-hand drawer: edit (active) filters, Apply copies them to the applied set. */
export function FiltersDrawer() {
  const { t } = useTranslation();
  const state = useStore(filtersStore, (s) => s);
  const close = () => dispatchFilters({ type: 'toggle', open: false });
  // Reset disables itself; a disabled button drops the focus out of the drawer, and with it
  // Escape and Tab. Keep the focus inside, on the close button.
  const closeButton = useRef<HTMLButtonElement>(null);
  const reset = () => {
    dispatchFilters({ type: 'reset' });
    closeButton.current?.focus();
  };
  return (
    <Drawer
      anchor="right"
      open={state.open}
      onClose={close}
      data-testid="filters-drawer"
      // A modal panel: announced as a dialog named by its title.
      slotProps={{
        paper: { sx: { width: FILTERS_DRAWER_WIDTH }, role: 'dialog', 'aria-labelledby': 'filters-drawer-title' },
      }}
    >
      <Box
        component="form"
        sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
        onSubmit={(e) => {
          e.preventDefault();
          if (canApply(state)) {
            dispatchFilters({ type: 'apply' });
            close();
          }
        }}
      >
        <Toolbar sx={{ justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2" id="filters-drawer-title">
            {t('filters.title')}
          </Typography>
          <IconButton ref={closeButton} aria-label={t('common.close')} onClick={close}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
        <Divider />
        <Stack spacing={2} sx={{ p: 2, flex: 1, overflowY: 'auto' }}>
          {state.definitions.map((d) => (
            <FilterField
              key={d.key}
              definition={d}
              values={state.active}
              onChange={(key, value) => dispatchFilters({ type: 'set', key, value })}
            />
          ))}
        </Stack>
        <Divider />
        <Stack direction="row" spacing={1} sx={{ p: 2, justifyContent: 'flex-end' }}>
          <Button onClick={reset} disabled={!canReset(state)}>
            {t('filters.reset')}
          </Button>
          <Button type="submit" variant="contained" disabled={!canApply(state)}>
            {t('filters.apply')}
          </Button>
        </Stack>
      </Box>
    </Drawer>
  );
}
