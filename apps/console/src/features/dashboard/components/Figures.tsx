import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * One number with its label under it: a term and its value (not a paragraph styled as a
 * heading), read label first, drawn number first.
 */
export function Figure({
  label,
  value,
  testId,
  color,
}: {
  label: string;
  value: number;
  testId: string;
  color?: string;
}) {
  return (
    <Box component="dl" sx={{ minWidth: 90, m: 0, display: 'flex', flexDirection: 'column-reverse' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h4" data-testid={testId} sx={{ m: 0, color, fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** A titled card of figures or a chart. */
export function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
