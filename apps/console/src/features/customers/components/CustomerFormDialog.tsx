import { Alert, FormControlLabel, FormHelperText, Stack, Switch } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { type Customer, type CustomerCreate, type CustomerUpdate, fieldError } from '@portiere/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePartialDateField } from '../../../components/dates/usePartialDateField';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useSaveCustomer } from '../api/customersApi';
import {
  type CustomerFormValues,
  customerCreateForm,
  customerFormOf,
  customerPatchOf,
  customerUpdateForm,
  emptyCustomerForm,
} from '../lib/customerForm';

/** Opens with the customer to edit, or null for a new one. */
export const CUSTOMER_FORM_DIALOG = dialogName<Customer | null>('customer-form');

/**
 * New or edit customer: name, domain, licences and their expiration, the login assistant; a new
 * customer also gets its first manager user, who is mailed a temporary password.
 */
export function CustomerFormDialog() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Customer | null>(null);
  // Half a date is not "no expiration": saving waits until it is whole or cleared.
  const expirationField = usePartialDateField();
  // One form per mode, so each keeps its own contract (a new customer also has a manager).
  const form = useContractForm<CustomerFormValues, unknown>({
    ...(editing ? customerUpdateForm : customerCreateForm),
    defaultValues: emptyCustomerForm(),
  });
  const { control, handleSubmit, reset, getValues, setError, showFieldErrors } = form;
  const save = useSaveCustomer({
    success: (t, _saved, { id, input }) =>
      id
        ? t('customers.saved')
        : t('customers.created', { email: 'manager_email' in input ? input.manager_email : '' }),
    onFieldErrors: showFieldErrors,
    codeFields: { emailExists: 'manager_email', usernameExists: 'manager_email', nameExists: 'name' },
    onSuccess: () => dialogs.close(CUSTOMER_FORM_DIALOG.name),
  });

  const submit = async () => {
    const partial = expirationField.isPartial(getValues('license_expiration'));
    await handleSubmit(async (input) => {
      if (partial) return;
      if (editing) {
        const patch = customerPatchOf(editing, input as CustomerUpdate);
        if (!Object.keys(patch).length) return dialogs.close(CUSTOMER_FORM_DIALOG.name);
        await save.run({ id: editing.id, input: patch });
      } else await save.run({ input: input as CustomerCreate });
    })();
    if (partial)
      setError('license_expiration', { type: 'invalid', message: fieldErrorMessage(t, fieldError('invalid')) });
  };

  return (
    <FormDialog
      dialog={CUSTOMER_FORM_DIALOG}
      title={t(editing ? 'customers.form.editTitle' : 'customers.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onOpen={(customer) => {
        setEditing(customer);
        reset(customer ? customerFormOf(customer) : emptyCustomerForm());
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" autoFocus required label={t('customers.form.name')} />
        <FormTextField
          control={control}
          name="domain"
          label={t('customers.form.domain')}
          helperText={t('customers.form.domainHint')}
        />
        <FormTextField
          control={control}
          name="licenses"
          required
          label={t('customers.form.licenses')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Controller
          control={control}
          name="license_expiration"
          render={({ field, fieldState }) => (
            <DatePicker
              label={t('customers.form.licenseExpiration')}
              value={field.value ? dayjs(field.value) : null}
              onChange={(d) => field.onChange(d?.isValid() ? d.format('YYYY-MM-DD') : null)}
              slotProps={{
                field: { clearable: true },
                textField: {
                  inputRef: expirationField.inputRef,
                  fullWidth: true,
                  error: Boolean(fieldState.error),
                  helperText: fieldState.error?.message ?? t('customers.form.licenseExpirationHint'),
                },
              }}
            />
          )}
        />
        <div>
          <Controller
            control={control}
            name="la_enabled"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label={t('customers.form.laEnabled')}
              />
            )}
          />
          <FormHelperText sx={{ mt: 0 }}>{t('customers.form.laHint')}</FormHelperText>
        </div>
        {!editing && (
          <>
            <FormTextField
              control={control}
              name="manager_email"
              required
              type="email"
              label={t('customers.form.managerEmail')}
              autoComplete="off"
            />
            <Alert severity="info">{t('customers.form.managerHint')}</Alert>
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
