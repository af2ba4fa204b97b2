import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One number with its label under it. */
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
    <Box sx={{ minWidth: 90 }}>
      <Typography variant="h4" component="p" data-testid={testId} sx={{ color, fontWeight: 500 }}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
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
