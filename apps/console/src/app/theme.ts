import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: { primary: { main: '#1f4e79' }, secondary: { main: '#2e7d32' }, background: { default: '#f5f6f8' } },
  shape: { borderRadius: 8 },
});
