import { Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title}>
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ display: 'grid', gap: 3 }}>{children}</CardContent>
    </Card>
  );
}

/** A titled block of fields laid out in responsive columns. */
export function FieldGroup({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box>
      {title && (
        <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
      )}
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
      >
        {children}
      </Box>
    </Box>
  );
}
