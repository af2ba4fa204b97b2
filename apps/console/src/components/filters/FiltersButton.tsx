import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, IconButton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../lib/store';
import { cleanValues } from './filtersReducer';
import { dispatchFilters, filtersStore } from './filtersStore';

/**
 * Opens the filters drawer, with the number of applied filters; shown only while the page has
 * filters. In the top bar, or on a page that hides the top bar. The count is drawn only when
 * filters are applied, and the button's name says it too, so the name holds the visible text
 * (WCAG 2.5.3: an invisible "0" badge would still be read as the button's text).
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
      aria-label={appliedCount > 0 ? t('filters.openApplied', { count: appliedCount }) : t('filters.open')}
      onClick={() => dispatchFilters({ type: 'toggle', open: true })}
    >
      {/* Not a Badge with 0: MUI keeps its last number in the page while hiding it. */}
      {appliedCount > 0 ? (
        <Badge badgeContent={appliedCount} color="secondary">
          <FilterListIcon />
        </Badge>
      ) : (
        <FilterListIcon />
      )}
    </IconButton>
  );
}
