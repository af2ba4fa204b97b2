import { CssBaseline, ThemeProvider } from '@mui/material';
import { Outlet } from 'react-router';
import { theme } from './theme';

/**
 * Every page but sign-in is drawn with MUI: its theme and baseline come with this layout, a
 * chunk of its own, so the sign-in page (the first page of every session) loads no MUI.
 */
export default function MuiLayout() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Outlet />
    </ThemeProvider>
  );
}
