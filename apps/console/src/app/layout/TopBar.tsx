import FilterListIcon from '@mui/icons-material/FilterList';
import { AppBar, Badge, IconButton, Toolbar, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { cleanValues } from '../../components/filters/filtersReducer';
import { dispatchFilters, filtersStore } from '../../components/filters/filtersStore';
import { useStore } from '../../lib/store';
import { AccountMenu } from './AccountMenu';

export function TopBar({ title, username }: { title: string; username: string }) {
  const { t } = useTranslation();
  const hasFilters = useStore(filtersStore, (s) => s.definitions.length > 0);
  const appliedCount = useStore(filtersStore, (s) => Object.keys(cleanValues(s.applied)).length);
  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      <Toolbar>
        <Typography variant="h6" component="h1" data-testid="page-title" sx={{ flex: 1 }} noWrap>
          {title}
        </Typography>
        {hasFilters && (
          <IconButton
            color="inherit"
            aria-haspopup="dialog"
            aria-label={t('filters.open')}
            onClick={() => dispatchFilters({ type: 'toggle', open: true })}
          >
            <Badge badgeContent={appliedCount} color="secondary">
              <FilterListIcon />
            </Badge>
          </IconButton>
        )}
        <AccountMenu username={username} />
      </Toolbar>
    </AppBar>
  );
}
