import Key from '@mui/icons-material/Key';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Pin from '@mui/icons-material/Pin';
import PinOutlined from '@mui/icons-material/PinOutlined';
import Smartphone from '@mui/icons-material/Smartphone';
import SmartphoneOutlined from '@mui/icons-material/SmartphoneOutlined';
import { Box, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { BRANDING_COLORS, type BrandingColor, defaultSettings, type LogoKind } from '@portiere/contracts';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { readableOn } from '../../lib/colors';
import type { SettingsValues } from '../../lib/settingsForm';

const HEX = /^#[0-9a-f]{6}$/i;
/** Text on the mock pages' white cards. */
const INK = '#1F1F1F';
const MUTED = '#5F6368';
type Colors = Record<BrandingColor, string>;

/** Colours as typed; one not finished yet shows its default meanwhile. */
function useColors(general: SettingsValues['general']): Colors {
  const defaults = defaultSettings().general;
  return Object.fromEntries(
    BRANDING_COLORS.map((c) => [c, HEX.test(general[c] ?? '') ? general[c] : defaults[c]]),
  ) as Colors;
}

/** A mock button: not interactive, only the colours a member would see. */
function MockButton({
  bg,
  border,
  children,
  testId,
}: {
  bg: string;
  border?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box
      data-testid={testId}
      sx={{
        bgcolor: bg,
        color: readableOn(bg),
        border: `1px solid ${border ?? bg}`,
        borderRadius: 1,
        px: 1.5,
        py: 0.5,
        fontSize: 13,
        fontWeight: 600,
        textAlign: 'center',
      }}
    >
      {children}
    </Box>
  );
}

function Notice({ color, children, testId }: { color: string; children: ReactNode; testId: string }) {
  return (
    <Box
      data-testid={testId}
      sx={{ borderLeft: `4px solid ${color}`, bgcolor: '#FFFFFF', color: INK, px: 1.5, py: 0.75, fontSize: 13 }}
    >
      {children}
    </Box>
  );
}

function Frame({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2" color="text.secondary" sx={{ mb: 0.5 }}>
        {caption}
      </Typography>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>{children}</Box>
    </Box>
  );
}

/**
 * The members' enrolment and sign-in pages as they will look, in the colours, logos, icons and
 * text being edited (before they are saved).
 */
export function BrandingPreview({ logos }: { logos: Record<LogoKind, string> }) {
  const { t } = useTranslation();
  const general = useWatch<SettingsValues, 'general'>({ name: 'general' });
  const colors = useColors(general);
  const custom = general.icons_set === 'custom';
  const iconColor = custom ? colors.primary_color : MUTED;
  const options = [
    { key: 'smartphone', icon: custom ? Smartphone : SmartphoneOutlined },
    { key: 'token', icon: custom ? Key : KeyOutlined },
    { key: 'personal', icon: custom ? Pin : PinOutlined },
  ] as const;
  const headerLogo = logos.named_logo || logos.logo;
  const p = 'settings.customization.preview';

  return (
    <Card component="section" aria-label={t(`${p}.title`)} data-testid="branding-preview">
      <CardHeader
        title={t(`${p}.title`)}
        subheader={t(`${p}.intro`)}
        slotProps={{ title: { component: 'h2', variant: 'h6' }, subheader: { variant: 'body2' } }}
      />
      <CardContent>
        <Stack spacing={2}>
          <Frame caption={t(`${p}.enrolPage`)}>
            <Box sx={{ bgcolor: colors.background_color, color: readableOn(colors.background_color) }}>
              <Box
                data-testid="preview-header"
                sx={{
                  bgcolor: colors.header_color,
                  color: readableOn(colors.header_color),
                  minHeight: 44,
                  px: 2,
                  display: 'flex',
                  alignItems: 'center',
                }}
              >
                {headerLogo ? (
                  <Box
                    component="img"
                    src={headerLogo}
                    alt={t(`${p}.logoAlt`)}
                    data-testid="preview-header-logo"
                    sx={{ height: 28, maxWidth: 200, objectFit: 'contain' }}
                  />
                ) : (
                  <Typography variant="subtitle2">{t(`${p}.brand`)}</Typography>
                )}
              </Box>
              <Stack spacing={1.5} sx={{ p: 2 }}>
                <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                  {t(`${p}.enrolTitle`)}
                </Typography>
                <Stack direction="row" spacing={1}>
                  {options.map(({ key, icon: Icon }) => (
                    <Stack
                      key={key}
                      spacing={0.5}
                      sx={{ flex: 1, alignItems: 'center', bgcolor: '#FFFFFF', color: INK, borderRadius: 1, p: 1 }}
                    >
                      <Icon sx={{ color: iconColor }} data-testid={`preview-icon-${key}`} />
                      <Typography variant="caption">{t(`${p}.options.${key}`)}</Typography>
                    </Stack>
                  ))}
                </Stack>
                <Notice color={colors.warning_color} testId="preview-warning">
                  {t(`${p}.warning`)}
                </Notice>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <MockButton bg={colors.secondary_color} border={colors.primary_color}>
                    {t(`${p}.back`)}
                  </MockButton>
                  <MockButton bg={colors.primary_color} testId="preview-enrol-button">
                    {t(`${p}.continue`)}
                  </MockButton>
                </Stack>
              </Stack>
            </Box>
          </Frame>
          <Frame caption={t(`${p}.loginPage`)}>
            <Box sx={{ bgcolor: colors.background_color, p: 2, display: 'grid', placeItems: 'center' }}>
              <Stack
                spacing={1.5}
                sx={{
                  bgcolor: '#FFFFFF',
                  color: INK,
                  borderRadius: 2,
                  p: 2,
                  width: '100%',
                  maxWidth: 320,
                  boxShadow: 1,
                }}
              >
                <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 48 }}>
                  {logos.logo ? (
                    <Box
                      component="img"
                      src={logos.logo}
                      alt={t(`${p}.logoAlt`)}
                      data-testid="preview-login-logo"
                      sx={{ maxHeight: 64, maxWidth: 160, objectFit: 'contain' }}
                    />
                  ) : (
                    <Typography variant="subtitle2">{t(`${p}.brand`)}</Typography>
                  )}
                </Box>
                {general.login_page_text && (
                  <Typography variant="body2" data-testid="preview-login-text" sx={{ whiteSpace: 'pre-line' }}>
                    {general.login_page_text}
                  </Typography>
                )}
                <Box
                  sx={{ border: `1px solid ${MUTED}`, borderRadius: 1, px: 1, py: 0.75, color: MUTED, fontSize: 13 }}
                >
                  {t(`settings.userAuth.usernameTexts.${general.username_text}`)}
                </Box>
                <Notice color={colors.error_color} testId="preview-error">
                  {t(`${p}.error`)}
                </Notice>
                <MockButton bg={colors.primary_color} testId="preview-login-button">
                  {t(`${p}.signIn`)}
                </MockButton>
              </Stack>
            </Box>
          </Frame>
        </Stack>
      </CardContent>
    </Card>
  );
}
