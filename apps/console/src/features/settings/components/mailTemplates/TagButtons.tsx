import { Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  tags: readonly string[];
  mandatory?: boolean;
  onInsert: (tag: string) => void;
}

/** A template's tags as buttons: each puts `{tag}` at the cursor of the subject or the content. */
export function TagButtons({ title, tags, mandatory, onInsert }: Props) {
  const { t } = useTranslation();
  if (!tags.length) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography variant="body2" color="text.secondary" component="span">
        {title}
      </Typography>
      {tags.map((tag) => (
        <Chip
          key={tag}
          label={`{${tag}}`}
          size="small"
          color={mandatory ? 'primary' : 'default'}
          variant={mandatory ? 'filled' : 'outlined'}
          aria-label={t('settings.mailTemplates.insertTag', { tag: `{${tag}}` })}
          // Keeps the cursor where it was in the field: the tag goes there.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onInsert(tag)}
          sx={{ fontFamily: 'monospace' }}
        />
      ))}
    </Stack>
  );
}
