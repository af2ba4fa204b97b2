import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, FormHelperText, IconButton, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { PROFILE_FILL_VALUES, PROFILE_KEYS, PROFILE_STEP_ACTIONS, type ProfileStepAction } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { canAddStep, moveStep, newStep, type StepDraft } from '../lib/profileForm';

interface Props {
  steps: StepDraft[];
  onChange: (steps: StepDraft[]) => void;
  /** Messages keyed steps and steps.{i}.{field}. */
  errors: Record<string, string | undefined>;
}

/** The profile's steps in order: add, remove, move up and down; each action shows its own fields. */
export function StepsEditor({ steps, onChange, errors }: Props) {
  const { t } = useTranslation();
  const update = (i: number, patch: Partial<StepDraft>) =>
    onChange(steps.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {t('profiles.steps.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('profiles.steps.hint')}
      </Typography>
      <Stack component="ol" spacing={1} sx={{ p: 0, m: 0 }} aria-label={t('profiles.steps.list')}>
        {steps.map((s, i) => {
          const n = i + 1;
          const err = (f: string) => errors[`steps.${i}.${f}`];
          return (
            <Paper
              key={s.id}
              component="li"
              variant="outlined"
              sx={{ p: 1, listStyle: 'none' }}
              data-testid="profile-step"
            >
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
                <Typography sx={{ minWidth: 24, pt: 1, fontWeight: 500 }} aria-hidden>
                  {n}.
                </Typography>
                <TextField
                  select
                  size="small"
                  label={t('profiles.steps.action', { n })}
                  value={s.action}
                  onChange={(e) => update(i, { action: e.target.value as ProfileStepAction })}
                  sx={{ minWidth: 150 }}
                >
                  {PROFILE_STEP_ACTIONS.map((a) => (
                    <MenuItem key={a} value={a}>
                      {t(`profiles.steps.actions.${a}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {(s.action === 'fill' || s.action === 'click') && (
                  <TextField
                    size="small"
                    required
                    label={t('profiles.steps.target', { n })}
                    value={s.target}
                    onChange={(e) => update(i, { target: e.target.value })}
                    error={Boolean(err('target'))}
                    helperText={err('target') ?? (i === 0 ? t('profiles.steps.targetHint') : undefined)}
                    sx={{ flex: 1 }}
                  />
                )}
                {s.action === 'fill' && (
                  <TextField
                    select
                    size="small"
                    label={t('profiles.steps.value', { n })}
                    value={s.value}
                    onChange={(e) => update(i, { value: e.target.value as StepDraft['value'] })}
                    sx={{ minWidth: 140 }}
                  >
                    {PROFILE_FILL_VALUES.map((v) => (
                      <MenuItem key={v} value={v}>
                        {t(`profiles.steps.values.${v}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                {s.action === 'fill' && s.value === 'text' && (
                  <TextField
                    size="small"
                    required
                    label={t('profiles.steps.text', { n })}
                    value={s.text}
                    onChange={(e) => update(i, { text: e.target.value })}
                    error={Boolean(err('text'))}
                    helperText={err('text')}
                    sx={{ flex: 1 }}
                  />
                )}
                {s.action === 'press' && (
                  <TextField
                    select
                    size="small"
                    label={t('profiles.steps.key', { n })}
                    value={s.key}
                    onChange={(e) => update(i, { key: e.target.value as StepDraft['key'] })}
                    sx={{ minWidth: 140 }}
                  >
                    {PROFILE_KEYS.map((k) => (
                      <MenuItem key={k} value={k}>
                        {t(`profiles.steps.keys.${k}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
                {s.action === 'wait' && (
                  <TextField
                    size="small"
                    type="number"
                    label={t('profiles.steps.ms', { n })}
                    value={s.ms}
                    onChange={(e) => update(i, { ms: e.target.value })}
                    error={Boolean(err('ms'))}
                    helperText={err('ms')}
                    sx={{ minWidth: 160 }}
                  />
                )}
                <Stack direction="row">
                  <IconButton
                    aria-label={t('profiles.steps.moveUp', { n })}
                    disabled={i === 0}
                    onClick={() => onChange(moveStep(steps, i, i - 1))}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('profiles.steps.moveDown', { n })}
                    disabled={i === steps.length - 1}
                    onClick={() => onChange(moveStep(steps, i, i + 1))}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('profiles.steps.remove', { n })}
                    onClick={() => onChange(steps.filter((_, j) => j !== i))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {errors.steps && <FormHelperText error>{errors.steps}</FormHelperText>}
      <Button
        startIcon={<AddIcon />}
        onClick={() => onChange([...steps, newStep()])}
        disabled={!canAddStep(steps)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('profiles.steps.add')}
      </Button>
    </Stack>
  );
}
