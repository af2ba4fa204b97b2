import { LOGO_KINDS, type LogoKind } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsAnswer } from '../api/settingsApi';
import { BrandingPreview } from '../components/customization/BrandingPreview';
import { ColorsCard } from '../components/customization/ColorsCard';
import { type ChosenLogos, LogoCard } from '../components/customization/LogoCard';
import { PagesTextCard } from '../components/customization/PagesTextCard';
import { SettingsSection } from '../components/SettingsCard';
import { SettingsForm } from '../components/SettingsForm';
import { SettingsLoader } from '../components/SettingsLoader';

function Customizations({ customerId, answer }: { customerId: string; answer: SettingsAnswer }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<ChosenLogos>({ logo: null, named_logo: null });
  const { logo_url, named_logo_url } = answer.settings.general;
  const saved: Record<LogoKind, string> = { logo: logo_url, named_logo: named_logo_url };
  // The preview shows a chosen file that passed the checks, else the saved logo.
  const shown = Object.fromEntries(LOGO_KINDS.map((k) => [k, chosen[k]?.dataUrl ?? saved[k]])) as Record<
    LogoKind,
    string
  >;
  return (
    <SettingsForm
      customerId={customerId}
      answer={answer}
      sections={['general']}
      aside={<BrandingPreview logos={shown} />}
      alsoUnsaved={LOGO_KINDS.some((k) => chosen[k])}
    >
      <SettingsSection title={t('settings.customization.title')} intro={t('settings.customization.intro')}>
        <ColorsCard />
        <PagesTextCard />
        <LogoCard
          customerId={customerId}
          saved={saved}
          chosen={chosen}
          onChosen={(kind, logo) => setChosen((c) => ({ ...c, [kind]: logo }))}
        />
      </SettingsSection>
    </SettingsForm>
  );
}

/** Customizations: the colours, logos, icons and text of the members' enrolment and sign-in pages. */
export default function CustomizationsPage() {
  return (
    <SettingsLoader>
      {(answer, customerId) => <Customizations key={customerId} customerId={customerId} answer={answer} />}
    </SettingsLoader>
  );
}
