import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, IconButton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import { cleanValues } from './filtersReducer';
import { dispatchFilters, filtersStore } from './filtersStore';

/**
 * Opens the filters drawer, with the number of applied filters; shown only while the page has
 * filters. In the top bar, or on a page that hides the top bar.
 */
export function FiltersButton({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const hasFilters = useStore(filtersStore, (s) => s.definitions.length > 0);
  const appliedCount = useStore(filtersStore, (s) => Object.keys(cleanValues(s.applied)).length);
  if (!hasFilters) return null;
  return (
    <IconButton
      color={color}
      aria-haspopup="dialog"
      aria-label={t('filters.open')}
      onClick={() => dispatchFilters({ type: 'toggle', open: true })}
    >
      <Badge badgeContent={appliedCount} color="secondary">
        <FilterListIcon />
      </Badge>
    </IconButton>
  );
}
