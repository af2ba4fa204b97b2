import { Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function SettingsCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardHeader
        title={title}
        subheader={intro}
        slotProps={{ title: { component: 'h2', variant: 'h6' }, subheader: { variant: 'body2' } }}
      />
      <CardContent sx={{ display: 'grid', gap: 3 }}>{children}</CardContent>
    </Card>
  );
}

/** A titled block of fields laid out in responsive columns. */
export function FieldGroup({
  title,
  children,
  columns = 3,
}: {
  title?: string;
  children: ReactNode;
  columns?: 1 | 2 | 3;
}) {
  return (
    <Box>
      {title && (
        <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            md: `repeat(${Math.min(columns, 2)}, minmax(0, 1fr))`,
            lg: `repeat(${columns}, minmax(0, 1fr))`,
          },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
