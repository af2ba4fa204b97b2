import { Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import { createContext, type ReactNode, useContext, useId } from 'react';

/** The heading level of the cards here: 2 on a page, 3 inside a SettingsSection. */
const CardHeadingLevel = createContext<2 | 3>(2);

export function SettingsCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const level = useContext(CardHeadingLevel);
  return (
    <Card component="section" aria-label={title}>
      <CardHeader
        title={title}
        subheader={intro}
        slotProps={{ title: { component: level === 2 ? 'h2' : 'h3', variant: 'h6' }, subheader: { variant: 'body2' } }}
      />
      <CardContent sx={{ display: 'grid', gap: 3 }}>{children}</CardContent>
    </Card>
  );
}

/**
 * A settings section made of several cards (the customisation of the members' pages): its
 * heading and intro, then its cards one heading level down.
 */
export function SettingsSection({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography id={id} variant="h6" component="h2">
          {title}
        </Typography>
        {intro && (
          <Typography variant="body2" color="text.secondary">
            {intro}
          </Typography>
        )}
      </Box>
      <CardHeadingLevel value={3}>{children}</CardHeadingLevel>
    </Box>
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
  const level = useContext(CardHeadingLevel);
  return (
    <Box>
      {title && (
        <Typography variant="subtitle2" component={level === 2 ? 'h3' : 'h4'} color="text.secondary" sx={{ mb: 1.5 }}>
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
