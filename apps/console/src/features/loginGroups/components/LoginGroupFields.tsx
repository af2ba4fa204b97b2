import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/FormTextField';
import type { LoginGroupFormValues } from '../lib/loginGroupForm';

interface Props {
  control: Control<LoginGroupFormValues, unknown, unknown>;
  autoFocus?: boolean;
}

/** Name and description: the create dialog and the Info tab. */
export function LoginGroupFields({ control, autoFocus }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <FormTextField control={control} name="name" autoFocus={autoFocus} required label={t('loginGroups.form.name')} />
      <FormTextField
        control={control}
        name="description"
        multiline
        minRows={2}
        label={t('loginGroups.form.description')}
      />
    </>
  );
}
