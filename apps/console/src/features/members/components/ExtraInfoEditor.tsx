import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  IconButton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { FieldError } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { jsonToPairs, type Pair, pairsToJson } from '../lib/extraInfo';

interface Props {
  value: string;
  onChange: (text: string) => void;
  /** Error of the JSON text (form validation or server). */
  error?: string;
  /** Pairs that cannot become JSON (duplicate or missing key): the form must not submit. */
  onPairsError: (message: string | null) => void;
}

type Mode = 'json' | 'pairs';

/** extra_info as JSON text or as key-value pairs; a switch is refused, with its reason, while the content does not convert. */
export function ExtraInfoEditor({ value, onChange, error, onPairsError }: Props) {
  const { t } = useTranslation();
  const initial = jsonToPairs(value);
  const [mode, setMode] = useState<Mode>(initial.ok ? 'pairs' : 'json');
  const [pairs, setPairs] = useState<Pair[]>(initial.ok ? initial.value : []);
  const [switchError, setSwitchError] = useState<string | null>(null);
  const [pairsError, setPairsError] = useState<string | null>(null);

  const reason = (e: FieldError) => (e.key === 'required' ? t('members.form.keyRequired') : fieldErrorMessage(t, e));

  const updatePairs = (next: Pair[]) => {
    setPairs(next);
    setSwitchError(null);
    const r = pairsToJson(next);
    const message = r.ok ? null : reason(r.error);
    setPairsError(message);
    onPairsError(message);
    if (r.ok) onChange(r.value);
  };

  const switchTo = (next: Mode | null) => {
    if (!next || next === mode) return;
    if (next === 'json') {
      const r = pairsToJson(pairs);
      if (!r.ok) {
        setSwitchError(t('members.form.cannotSwitchToJson', { reason: reason(r.error) }));
        return;
      }
      onChange(r.value);
    } else {
      const r = jsonToPairs(value);
      if (!r.ok) {
        setSwitchError(t('members.form.cannotSwitchToPairs', { reason: reason(r.error) }));
        return;
      }
      setPairs(r.value);
    }
    setSwitchError(null);
    setPairsError(null);
    onPairsError(null);
    setMode(next);
  };

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle2" id="extra-info-label">
          {t('members.form.extraInfo')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          onChange={(_, v: Mode | null) => switchTo(v)}
          aria-labelledby="extra-info-label"
        >
          <ToggleButton value="pairs">{t('members.form.pairsMode')}</ToggleButton>
          <ToggleButton value="json">{t('members.form.jsonMode')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {switchError && (
        <Alert severity="warning" sx={{ mb: 1 }} role="alert">
          {switchError}
        </Alert>
      )}
      {mode === 'json' ? (
        <TextField
          label={t('members.form.jsonLabel')}
          value={value}
          onChange={(e) => {
            setSwitchError(null);
            onChange(e.target.value);
          }}
          multiline
          minRows={3}
          fullWidth
          size="small"
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      ) : (
        <Stack spacing={1}>
          {pairs.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('members.form.noPairs')}
            </Typography>
          )}
          {pairs.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position
            <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                label={t('members.form.key')}
                value={p.key}
                onChange={(e) => updatePairs(pairs.map((q, j) => (j === i ? { ...q, key: e.target.value } : q)))}
                sx={{ flex: 1 }}
              />
              <TextField
                size="small"
                label={t('members.form.value')}
                value={p.value}
                onChange={(e) => updatePairs(pairs.map((q, j) => (j === i ? { ...q, value: e.target.value } : q)))}
                sx={{ flex: 2 }}
                slotProps={{ htmlInput: p.json ? { style: { fontFamily: 'monospace' } } : undefined }}
              />
              <IconButton
                aria-label={t('members.form.removePair', { index: i + 1 })}
                onClick={() => updatePairs(pairs.filter((_, j) => j !== i))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          {(pairsError || error) && (
            <Typography variant="caption" color="error" role="alert">
              {pairsError ?? error}
            </Typography>
          )}
          <Box>
            <Button
              size="small"
              startIcon={<AddIcon />}
              onClick={() => updatePairs([...pairs, { key: '', value: '', json: false }])}
            >
              {t('members.form.addPair')}
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
