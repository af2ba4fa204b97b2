import { BRANDING_COLORS } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { FieldGroup, SettingsCard } from '../SettingsCard';
import { ColorField } from './ColorField';

export function ColorsCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.customization.colorsTitle')} intro={t('settings.customization.colorsIntro')}>
      <FieldGroup columns={2}>
        {BRANDING_COLORS.map((name) => (
          <ColorField key={name} name={name} label={t(`settings.customization.colors.${name}`)} />
        ))}
      </FieldGroup>
    </SettingsCard>
  );
}
