import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#1f4e79' },
    secondary: { main: '#2e7d32' },
    background: { default: '#f5f6f8' },
    // WCAG AA: text on a coloured button (warning orange, success green...) needs 4.5:1, not MUI's default 3:1.
    contrastThreshold: 4.5,
  },
  shape: { borderRadius: 8 },
});
