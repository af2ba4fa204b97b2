import { Alert, FormControlLabel, FormHelperText, Stack, Switch, TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { type Customer, fieldError } from '@portiere/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePartialDateField } from '../../../components/dates/usePartialDateField';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useSaveCustomer } from '../api/customersApi';
import {
  type CustomerFormValues,
  customerCreateOf,
  customerFormOf,
  customerPatchOf,
  emptyCustomerForm,
  validateCustomerForm,
} from '../lib/customerForm';

/** Opens with the customer to edit, or null for a new one. */
export const CUSTOMER_FORM_DIALOG = dialogName<Customer | null>('customer-form');

type Errors = Record<string, string | undefined>;

/**
 * New or edit customer: name, domain, licences and their expiration, the login assistant; a new
 * customer also gets its first manager user, who is mailed a temporary password.
 */
export function CustomerFormDialog() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Customer | null>(null);
  const [values, setValues] = useState<CustomerFormValues>(emptyCustomerForm);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  // Half a date is not "no expiration": saving waits until it is whole or cleared.
  const expirationField = usePartialDateField();
  const [expirationPartial, setExpirationPartial] = useState(false);
  const save = useSaveCustomer({
    success: (t, _saved, { id, input }) =>
      id
        ? t('customers.saved')
        : t('customers.created', { email: 'manager_email' in input ? input.manager_email : '' }),
    onFieldErrors: (fields) =>
      setServerErrors({ ...fields, managerEmail: fields.manager_email, licenseExpiration: fields.license_expiration }),
    codeFields: { emailExists: 'manager_email', usernameExists: 'manager_email', nameExists: 'name' },
    onSuccess: () => dialogs.close(CUSTOMER_FORM_DIALOG.name),
  });
  const set = (patch: Partial<CustomerFormValues>) => {
    setServerErrors({});
    setValues((v) => ({ ...v, ...patch }));
  };

  const own = validateCustomerForm(values, !editing);
  if (expirationPartial) own.licenseExpiration = fieldError('invalid');
  const errors: Errors = { ...serverErrors };
  for (const [k, v] of Object.entries(own)) if (v && submitted) errors[k] = fieldErrorMessage(t, v);

  const submit = async () => {
    setSubmitted(true);
    const partial = expirationField.isPartial(values.licenseExpiration);
    setExpirationPartial(partial);
    if (partial || Object.keys(own).length) return;
    if (editing) {
      const patch = customerPatchOf(editing, values);
      if (!Object.keys(patch).length) return dialogs.close(CUSTOMER_FORM_DIALOG.name);
      await save.run({ id: editing.id, input: patch });
    } else await save.run({ input: customerCreateOf(values) });
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
        setValues(customer ? customerFormOf(customer) : emptyCustomerForm());
        setServerErrors({});
        setSubmitted(false);
        setExpirationPartial(false);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          autoFocus
          required
          label={t('customers.form.name')}
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          error={Boolean(errors.name)}
          helperText={errors.name}
        />
        <TextField
          label={t('customers.form.domain')}
          value={values.domain}
          onChange={(e) => set({ domain: e.target.value })}
          error={Boolean(errors.domain)}
          helperText={errors.domain ?? t('customers.form.domainHint')}
        />
        <TextField
          required
          label={t('customers.form.licenses')}
          value={values.licenses}
          onChange={(e) => set({ licenses: e.target.value })}
          error={Boolean(errors.licenses)}
          helperText={errors.licenses}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <DatePicker
          label={t('customers.form.licenseExpiration')}
          value={values.licenseExpiration ? dayjs(values.licenseExpiration) : null}
          onChange={(d) => {
            setExpirationPartial(false);
            set({ licenseExpiration: d?.isValid() ? d.format('YYYY-MM-DD') : null });
          }}
          slotProps={{
            field: { clearable: true },
            textField: {
              inputRef: expirationField.inputRef,
              fullWidth: true,
              error: Boolean(errors.licenseExpiration),
              helperText: errors.licenseExpiration ?? t('customers.form.licenseExpirationHint'),
            },
          }}
        />
        <div>
          <FormControlLabel
            control={<Switch checked={values.laEnabled} onChange={(e) => set({ laEnabled: e.target.checked })} />}
            label={t('customers.form.laEnabled')}
          />
          <FormHelperText sx={{ mt: 0 }}>{t('customers.form.laHint')}</FormHelperText>
        </div>
        {!editing && (
          <>
            <TextField
              required
              type="email"
              label={t('customers.form.managerEmail')}
              value={values.managerEmail}
              onChange={(e) => set({ managerEmail: e.target.value })}
              error={Boolean(errors.managerEmail)}
              helperText={errors.managerEmail}
              autoComplete="off"
            />
            <Alert severity="info">{t('customers.form.managerHint')}</Alert>
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
