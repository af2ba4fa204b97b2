import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, IconButton, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import { RADIUS_ATTRIBUTES_MAX, RADIUS_REPLY_ATTRIBUTE_NAMES, RADIUS_SERVICE_TYPES } from '@portiere/contracts';
import { type Control, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/FormTextField';
import type { AppRoleFormValues } from '../lib/appRoleForm';

// biome-ignore lint/suspicious/noExplicitAny: the form's context and parsed body do not matter here
type FormControl = Control<AppRoleFormValues, any, any>;

/** One attribute: its name, and its value (Service-Type's from its list). */
function AttributeRow({ control, index, onRemove }: { control: FormControl; index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const name = useWatch({ control, name: `radiusAttributes.${index}.name` });
  const label = t('appRoles.radius.attribute', { n: index + 1 });
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <FormTextField
        control={control}
        name={`radiusAttributes.${index}.name`}
        select
        label={label}
        sx={{ minWidth: 220 }}
      >
        {RADIUS_REPLY_ATTRIBUTE_NAMES.map((n) => (
          <MenuItem key={n} value={n}>
            {n}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        control={control}
        name={`radiusAttributes.${index}.value`}
        select={name === 'Service-Type'}
        required
        label={t('appRoles.radius.value', { n: index + 1 })}
        sx={{ flex: 1 }}
      >
        {name === 'Service-Type'
          ? RADIUS_SERVICE_TYPES.map((v) => (
              <MenuItem key={v} value={v}>
                {v}
              </MenuItem>
            ))
          : undefined}
      </FormTextField>
      <Tooltip title={t('appRoles.radius.remove', { n: index + 1 })}>
        <IconButton aria-label={t('appRoles.radius.remove', { n: index + 1 })} onClick={onRemove} sx={{ mt: 1 }}>
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/**
 * What the Access-Accept of a RADIUS application carries for the role's group: attribute and
 * value rows, added and removed (at most RADIUS_ATTRIBUTES_MAX).
 */
export function RadiusAttributesEditor({ control }: { control: FormControl }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'radiusAttributes' });
  return (
    <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        {t('appRoles.radius.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('appRoles.radius.hint')}
      </Typography>
      {fields.map((f, i) => (
        <AttributeRow key={f.id} control={control} index={i} onRemove={() => remove(i)} />
      ))}
      <div>
        <Button
          startIcon={<AddIcon />}
          disabled={fields.length >= RADIUS_ATTRIBUTES_MAX}
          onClick={() => append({ name: 'Class', value: '' })}
        >
          {t('appRoles.radius.add')}
        </Button>
      </div>
    </Stack>
  );
}
