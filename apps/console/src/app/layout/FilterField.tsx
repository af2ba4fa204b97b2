import {
  Autocomplete,
  Box,
  Checkbox,
  Chip,
  FormControlLabel,
  MenuItem,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type {
  FilterDefinition,
  FilterValue,
  FilterValues,
  MultiSearchFilter,
} from '../../components/filters/filterTypes';

/** The label of a picked value; a value no longer offered (a deleted group) shows as is. */
const labelOf = (d: MultiSearchFilter, value: string) => d.options?.find((o) => o.value === value)?.label ?? value;

interface Props {
  definition: FilterDefinition;
  values: FilterValues;
  onChange: (key: string, value: FilterValue) => void;
}

/** One filter input per definition type; groups render their children under a heading. */
export function FilterField({ definition: d, values, onChange }: Props) {
  const { t } = useTranslation();
  const value = values[d.key] ?? null;
  switch (d.type) {
    case 'group':
      return (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {t(d.label)}
          </Typography>
          <Box sx={{ pl: 2, display: 'grid', gap: 1.5 }}>
            {d.children.map((c) => (
              <FilterField key={c.key} definition={c} values={values} onChange={onChange} />
            ))}
          </Box>
        </Box>
      );
    case 'boolean':
      return (
        <FormControlLabel
          control={<Checkbox checked={value === true} onChange={(e) => onChange(d.key, e.target.checked)} />}
          label={t(d.label)}
        />
      );
    case 'triMode':
      return (
        <Box>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t(d.label)} / {t(d.secondLabel)}
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={typeof value === 'string' ? value : null}
            onChange={(_, v: string | null) => onChange(d.key, v)}
          >
            <ToggleButton value="true">{t(d.label)}</ToggleButton>
            <ToggleButton value="false">{t(d.secondLabel)}</ToggleButton>
          </ToggleButtonGroup>
        </Box>
      );
    case 'date':
      return (
        <DatePicker
          label={t(d.label)}
          value={typeof value === 'string' && value ? dayjs(value) : null}
          onChange={(v) => onChange(d.key, v?.isValid() ? v.format('YYYY-MM-DD') : null)}
          slotProps={{ textField: { size: 'small', fullWidth: true } }}
        />
      );
    case 'search':
      return (
        <TextField
          type="search"
          size="small"
          fullWidth
          label={t(d.label)}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(d.key, e.target.value)}
        />
      );
    case 'select':
      return (
        <TextField
          select
          size="small"
          fullWidth
          label={t(d.label)}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(d.key, e.target.value || null)}
        >
          <MenuItem value="">
            <em>{t('filters.any')}</em>
          </MenuItem>
          {d.options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'multiSearch': {
      const selected = Array.isArray(value) ? value : [];
      const renderValue = (items: readonly string[], getItemProps: (o: { index: number }) => object) =>
        items.map((v, index) => {
          const { key, ...itemProps } = getItemProps({ index }) as { key: string };
          return <Chip key={key} size="small" label={labelOf(d, v)} {...itemProps} />;
        });
      if (d.options) {
        // Picked from the list: the values are ids, so a language switch keeps them.
        return (
          <Autocomplete
            multiple
            size="small"
            options={d.options.map((o) => o.value)}
            getOptionLabel={(v) => labelOf(d, v)}
            value={selected}
            onChange={(_, v) => onChange(d.key, v)}
            renderValue={renderValue}
            renderInput={(params) => <TextField {...params} label={t(d.label)} />}
          />
        );
      }
      return (
        <Autocomplete
          multiple
          freeSolo
          size="small"
          options={[]}
          value={selected}
          onChange={(_, v) => onChange(d.key, v.map(String))}
          renderValue={renderValue}
          renderInput={(params) => <TextField {...params} label={t(d.label)} placeholder={t('filters.addValue')} />}
        />
      );
    }
  }
}
