import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import LinkIcon from '@mui/icons-material/Link';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Button,
  FormControlLabel,
  FormHelperText,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  fieldError,
  SAML_LOGOUT_BINDINGS,
  SAML_MEMBER_FIELDS,
  SAML_METADATA_MAX_BYTES,
  SAML_NAMEID_FIELDS,
  SAML_NAMEID_FORMAT_KEYS,
} from '@portiere/contracts';
import { useRef, useState } from 'react';
import { type Control, Controller, type UseFormSetValue, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/forms/FormTextField';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useFetchSamlMetadata } from '../api/applicationsApi';
import type { ApplicationFormValues } from '../lib/applicationForm';
import { type SamlFormValues, spMetadataFields } from '../lib/samlForm';

// biome-ignore lint/suspicious/noExplicitAny: the form's context and parsed body do not matter here
type FormControl = Control<ApplicationFormValues, any, any>;

const MAX_ATTRIBUTES = 20;

function SwitchField({
  control,
  name,
  label,
}: {
  control: FormControl;
  name: `saml.${keyof SamlFormValues}`;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div>
          <FormControlLabel
            control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
            label={label}
          />
          {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
        </div>
      )}
    />
  );
}

/**
 * A SAML application's service provider: filled from its metadata file or by hand; the consumer
 * services one per line, the attributes as rows of a SAML name and a member field.
 */
export function SamlProviderFields({
  control,
  setValue,
}: {
  control: FormControl;
  setValue: UseFormSetValue<ApplicationFormValues>;
}) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [imported, setImported] = useState<'ok' | 'bad' | null>(null);
  const { fields, append, remove } = useFieldArray({ control, name: 'saml.attributes' });
  const nameIdFormat = useWatch({ control, name: 'saml.nameIdFormat' });
  const encrypt = useWatch({ control, name: 'saml.encryptAssertions' });

  const [metadataUrl, setMetadataUrl] = useState('');
  const [urlError, setUrlError] = useState<string | undefined>();
  const fetchMetadata = useFetchSamlMetadata({
    notify: false,
    onFieldErrors: (errors) => {
      setUrlError(errors.url);
      return true;
    },
    // Any other failure (the server unreachable, a refusal) is said under the address too.
    onError: (_err, message) => setUrlError((shown) => shown ?? message),
  });

  /** Fills the fields from a metadata document, from a file or an address alike. */
  const fill = (xml: string | null) => {
    const found = xml === null ? null : spMetadataFields(xml);
    setImported(found ? 'ok' : 'bad');
    if (!found) return;
    for (const [key, value] of Object.entries(found)) {
      setValue(`saml.${key as keyof SamlFormValues}`, value as never, { shouldDirty: true, shouldValidate: true });
    }
  };
  const importFile = async (f: File | undefined) => {
    if (f) fill(f.size <= SAML_METADATA_MAX_BYTES ? await f.text() : null);
  };
  const importUrl = async () => {
    setUrlError(undefined);
    setImported(null);
    const answer = await fetchMetadata.run({ url: metadataUrl.trim() });
    if (answer) fill(answer.metadata);
  };

  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        {t('applications.saml.provider')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Button startIcon={<UploadFileIcon />} onClick={() => file.current?.click()}>
          {t('applications.saml.importMetadata')}
        </Button>
        <input
          ref={file}
          type="file"
          accept=".xml,application/xml,text/xml,application/samlmetadata+xml"
          hidden
          aria-label={t('applications.saml.importMetadata')}
          onChange={(e) => {
            void importFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Typography variant="body2" color="text.secondary">
          {t('applications.saml.importHint')}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label={t('applications.saml.spMetadataUrl')}
          value={metadataUrl}
          onChange={(e) => {
            setMetadataUrl(e.target.value);
            setUrlError(undefined);
          }}
          // Enter imports; it must not submit the application's form.
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (metadataUrl.trim()) void importUrl();
          }}
          error={Boolean(urlError)}
          helperText={urlError ?? t('applications.saml.spMetadataUrlHint')}
          inputMode="url"
          sx={{ flex: 1 }}
        />
        <Button
          startIcon={<LinkIcon />}
          onClick={() => void importUrl()}
          disabled={!metadataUrl.trim()}
          loading={fetchMetadata.isPending}
          sx={{ mt: 1 }}
        >
          {t('applications.saml.importFromUrl')}
        </Button>
      </Stack>
      {imported === 'ok' && <Alert severity="success">{t('applications.saml.imported')}</Alert>}
      {imported === 'bad' && <Alert severity="error">{fieldErrorMessage(t, fieldError('samlMetadata'))}</Alert>}
      <FormTextField control={control} name="saml.entityId" required label={t('applications.saml.entityId')} />
      <FormTextField
        control={control}
        name="saml.acsUrls"
        required
        multiline
        minRows={2}
        label={t('applications.saml.acsUrls')}
        helperText={t('applications.saml.acsUrlsHint')}
      />
      <Stack direction="row" spacing={1}>
        <FormTextField control={control} name="saml.sloUrl" label={t('applications.saml.sloUrl')} sx={{ flex: 1 }} />
        <FormTextField
          control={control}
          name="saml.sloBinding"
          select
          label={t('applications.saml.sloBinding')}
          sx={{ minWidth: 180 }}
        >
          {SAML_LOGOUT_BINDINGS.map((b) => (
            <MenuItem key={b} value={b}>
              {t(`applications.saml.bindings.${b}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      <FormTextField
        control={control}
        name="saml.certificate"
        multiline
        minRows={3}
        label={t('applications.saml.certificate')}
        helperText={t('applications.saml.certificateHint')}
      />
      <SwitchField
        control={control}
        name="saml.requireSignedRequests"
        label={t('applications.saml.requireSignedRequests')}
      />
      <Stack direction="row" spacing={1}>
        <FormTextField
          control={control}
          name="saml.nameIdFormat"
          select
          label={t('applications.saml.nameIdFormat')}
          sx={{ flex: 1 }}
        >
          {SAML_NAMEID_FORMAT_KEYS.map((f) => (
            <MenuItem key={f} value={f}>
              {t(`applications.saml.nameIdFormats.${f}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField
          control={control}
          name="saml.nameIdField"
          select
          disabled={nameIdFormat === 'emailAddress' || nameIdFormat === 'transient'}
          label={t('applications.saml.nameIdField')}
          sx={{ flex: 1 }}
        >
          {SAML_NAMEID_FIELDS.map((f) => (
            <MenuItem key={f} value={f}>
              {t(`applications.saml.fields.${f}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      <Typography variant="subtitle2">{t('applications.saml.attributes')}</Typography>
      {fields.map((f, i) => (
        <Stack key={f.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormTextField
            control={control}
            name={`saml.attributes.${i}.name`}
            required
            label={t('applications.saml.attributeName', { n: i + 1 })}
            sx={{ flex: 1 }}
          />
          <FormTextField
            control={control}
            name={`saml.attributes.${i}.field`}
            select
            label={t('applications.saml.attributeField', { n: i + 1 })}
            sx={{ flex: 1 }}
          >
            {SAML_MEMBER_FIELDS.map((m) => (
              <MenuItem key={m} value={m}>
                {t(`applications.saml.fields.${m}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <Tooltip title={t('applications.saml.removeAttribute', { n: i + 1 })}>
            <IconButton
              aria-label={t('applications.saml.removeAttribute', { n: i + 1 })}
              onClick={() => remove(i)}
              sx={{ mt: 1 }}
            >
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      ))}
      <div>
        <Button
          startIcon={<AddIcon />}
          disabled={fields.length >= MAX_ATTRIBUTES}
          onClick={() => append({ name: '', field: 'email' })}
        >
          {t('applications.saml.addAttribute')}
        </Button>
      </div>
      <SwitchField control={control} name="saml.signAssertions" label={t('applications.saml.signAssertions')} />
      <SwitchField control={control} name="saml.signResponses" label={t('applications.saml.signResponses')} />
      <SwitchField control={control} name="saml.encryptAssertions" label={t('applications.saml.encryptAssertions')} />
      {encrypt && (
        <FormTextField
          control={control}
          name="saml.encryptionCertificate"
          required
          multiline
          minRows={3}
          label={t('applications.saml.encryptionCertificate')}
        />
      )}
    </Stack>
  );
}
