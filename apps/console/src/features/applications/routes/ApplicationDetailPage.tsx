import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyIcon from '@mui/icons-material/Key';
import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import type { Application } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { CopyField } from '../../../components/CopyField';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { PageHeader } from '../../../components/PageHeader';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { useApplication, useDeleteApplication, useRegenerateSecret } from '../api/applicationsApi';
import { APPLICATION_FORM_DIALOG, ApplicationFormDialog } from '../components/ApplicationFormDialog';
import { CLIENT_SECRET_DIALOG, ClientSecretDialog } from '../components/ClientSecretDialog';
import { REGENERATE_SECRET_DIALOG, RegenerateSecretDialog } from '../components/RegenerateSecretDialog';
import { hasRedirectUri, isConfidential, isOidcClient } from '../lib/applicationForm';

/**
 * One application: its fields (never its secret), what its developers need to connect it to the
 * OpenID provider (issuer, discovery URL, client ID, each to copy), Edit, Regenerate secret and Delete.
 */
export default function ApplicationDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const application = useApplication(id);
  const del = useDeleteApplication({
    success: (t) => t('success.objectDeleted'),
    onSuccess: () => navigate('/applications'),
  });
  const regenerate = useRegenerateSecret({
    success: (t) => t('applications.secret.regenerated'),
    onSuccess: (shown) => openDialog(CLIENT_SECRET_DIALOG, shown),
  });

  if (application.isPending) return <Spinner />;
  if (!application.data)
    return (
      <Stack spacing={2}>
        <PageHeader title={t('routes.applications')} backTo="/applications" />
        <Alert severity="warning">{errorMessage(t, application.error)}</Alert>
      </Stack>
    );
  const a = application.data;
  const remove = () => askConfirmation({ kind: 'delete', name: a.name, onConfirm: () => del.run(a) });
  const oidc = isOidcClient(a.type);
  const rows: [string, string][] = [
    [t('applications.form.type'), t(`applications.types.${a.type}`)],
    ...((oidc
      ? [
          [t('applications.form.clientId'), a.clientId],
          [
            t('applications.form.clientSecret'),
            isConfidential(a.type)
              ? t(a.hasClientSecret ? 'applications.secret.hidden' : 'applications.secret.none')
              : t('applications.secret.pkce'),
          ],
        ]
      : []) as [string, string][]),
    [t('applications.form.baseApplication'), a.baseApplication?.name ?? '—'],
    ...(hasRedirectUri(a.type) ? [[t('applications.form.redirectUri'), a.redirectUri || '—'] as [string, string]] : []),
    ...((oidc
      ? [
          [t('applications.form.callbackUrlSuccessfulLoginFlow'), a.callbackUrlSuccessfulLoginFlow || '—'],
          [t('applications.form.redirectUriSuccessLoginFlow'), a.redirectUriSuccessLoginFlow || '—'],
          [t('applications.form.redirectUriAbortLoginFlow'), a.redirectUriAbortLoginFlow || '—'],
        ]
      : []) as [string, string][]),
    ...((a.saml
      ? [
          [t('applications.saml.entityId'), a.saml.entityId],
          [t('applications.saml.acsUrls'), a.saml.acsUrls.join(', ')],
          [t('applications.saml.sloUrl'), a.saml.sloUrl || '—'],
          [t('applications.saml.nameIdFormat'), t(`applications.saml.nameIdFormats.${a.saml.nameIdFormat}`)],
        ]
      : []) as [string, string][]),
    [t('applications.form.defaultFlow'), a.defaultFlow?.name ?? '—'],
    [t('applications.columns.appRoles'), String(a.app_roles_count)],
    [t('applications.columns.created'), formatDateTime(a.created_at, i18n.language)],
  ];

  return (
    <Stack spacing={2}>
      <PageHeader title={a.name} backTo="/applications" />
      <Paper sx={{ p: 3 }}>
        <Stack spacing={2}>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0, wordBreak: 'break-all' }}
          >
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<EditIcon />}
              aria-haspopup="dialog"
              onClick={() => openDialog(APPLICATION_FORM_DIALOG, a)}
            >
              {t('applications.edit')}
            </Button>
            {isConfidential(a.type) && (
              <Button
                variant="outlined"
                startIcon={<KeyIcon />}
                aria-haspopup="dialog"
                onClick={() => openDialog(REGENERATE_SECRET_DIALOG, a)}
              >
                {t('applications.secret.regenerate')}
              </Button>
            )}
            <Button color="error" startIcon={<DeleteIcon />} aria-haspopup="dialog" onClick={remove}>
              {t('applications.delete')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {oidc ? (
        <Paper component="section" aria-labelledby="oidc-title" sx={{ p: 3 }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2" id="oidc-title">
              {t('applications.oidc.title')}
            </Typography>
            <Typography color="text.secondary">{t('applications.oidc.hint')}</Typography>
            <CopyField label={t('applications.oidc.issuer')} value={a.issuer} testId="oidc-issuer" />
            <CopyField label={t('applications.oidc.discoveryUrl')} value={a.discoveryUrl} testId="oidc-discovery-url" />
            <CopyField label={t('applications.form.clientId')} value={a.clientId} testId="oidc-client-id" />
          </Stack>
        </Paper>
      ) : a.samlIdentityProvider ? (
        <Paper component="section" aria-labelledby="saml-title" sx={{ p: 3 }}>
          <Stack spacing={2}>
            <Typography variant="h6" component="h2" id="saml-title">
              {t('applications.saml.title')}
            </Typography>
            <Typography color="text.secondary">{t('applications.saml.hint')}</Typography>
            <CopyField
              label={t('applications.saml.metadataUrl')}
              value={a.samlIdentityProvider.metadataUrl}
              testId="saml-metadata-url"
            />
            <CopyField
              label={t('applications.saml.idpEntityId')}
              value={a.samlIdentityProvider.entityId}
              testId="saml-entity-id"
            />
            <CopyField
              label={t('applications.saml.ssoUrl')}
              value={a.samlIdentityProvider.ssoUrl}
              testId="saml-sso-url"
            />
            <CopyField
              label={t('applications.saml.idpSloUrl')}
              value={a.samlIdentityProvider.sloUrl}
              testId="saml-slo-url"
            />
            <CopyField
              label={t('applications.saml.startUrl')}
              value={a.samlIdentityProvider.startUrl}
              testId="saml-start-url"
            />
          </Stack>
        </Paper>
      ) : (
        <Paper component="section" aria-labelledby="radius-title" sx={{ p: 3 }}>
          <Stack spacing={1}>
            <Typography variant="h6" component="h2" id="radius-title">
              {t('applications.radius.title')}
            </Typography>
            <Typography color="text.secondary">{t('applications.radius.hint')}</Typography>
            <Link component={RouterLink} to="/radius-clients">
              {t('applications.radius.clients')}
            </Link>
          </Stack>
        </Paper>
      )}
      <ApplicationFormDialog />
      <RegenerateSecretDialog onConfirm={(app: Application) => regenerate.run(app)} busy={regenerate.isPending} />
      <ClientSecretDialog />
    </Stack>
  );
}
