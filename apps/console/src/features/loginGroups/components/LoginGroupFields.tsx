import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LoginGroupFormValues } from '../lib/loginGroupForm';

interface Props {
  values: LoginGroupFormValues;
  errors: Record<string, string | undefined>;
  onChange: (patch: Partial<LoginGroupFormValues>) => void;
  autoFocus?: boolean;
}

/** Name and description: the create dialog and the Info tab. */
export function LoginGroupFields({ values, errors, onChange, autoFocus }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        autoFocus={autoFocus}
        required
        label={t('loginGroups.form.name')}
        value={values.name}
        onChange={(e) => onChange({ name: e.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name}
      />
      <TextField
        multiline
        minRows={2}
        label={t('loginGroups.form.description')}
        value={values.description}
        onChange={(e) => onChange({ description: e.target.value })}
        error={Boolean(errors.description)}
        helperText={errors.description}
      />
    </>
  );
}
