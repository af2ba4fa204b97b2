import { AppBar, Toolbar, Typography } from '@mui/material';
import { FiltersButton } from '../../components/filters/FiltersButton';
import { AccountMenu } from './AccountMenu';

export function TopBar({ title, username }: { title: string; username: string }) {
  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      <Toolbar>
        <Typography variant="h6" component="h1" data-testid="page-title" sx={{ flex: 1 }} noWrap>
          {title}
        </Typography>
        <FiltersButton />
        <AccountMenu username={username} />
      </Toolbar>
    </AppBar>
  );
}
