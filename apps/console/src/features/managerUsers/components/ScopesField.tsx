import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { API_KEY_SCOPES, type ApiKeyScope } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { orderedScopes, SCOPE_LABELS } from '../lib/managerUserForm';

/** The API key's scopes as checkboxes with readable labels, the scope's code beside each. */
export function ScopesField({ value, onChange }: { value: ApiKeyScope[]; onChange: (v: ApiKeyScope[]) => void }) {
  const { t } = useTranslation();
  const toggle = (scope: ApiKeyScope, on: boolean) =>
    onChange(orderedScopes(on ? [...value, scope] : value.filter((s) => s !== scope)));
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend">{t('managerUsers.form.scopes')}</FormLabel>
      <FormGroup>
        {API_KEY_SCOPES.map((scope) => (
          <FormControlLabel
            key={scope}
            control={<Checkbox checked={value.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />}
            label={
              <>
                {t(SCOPE_LABELS[scope])} <code>{scope}</code>
              </>
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>{t('managerUsers.form.scopesHint')}</FormHelperText>
    </FormControl>
  );
}
