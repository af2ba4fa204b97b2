import AddIcon from '@mui/icons-material/Add';
import {
  Alert,
  Box,
  Button,
  Chip,
  DialogContentText,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Credential, MemberDetail } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/AppDialog';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { dialogName, dialogs, openDialog } from '../../../components/dialogs/dialogRegistry';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { formatDate } from '../../../lib/format';
import {
  type CredentialCreated,
  useCredentials,
  useDeleteCredential,
  usePatchCredential,
  usePinReset,
  useResetCredential,
  useSendCredential,
  useUnlockCredential,
} from '../api/credentialsApi';
import { isApp, SENDABLE, TESTABLE } from '../lib/credentialKinds';
import { ADD_CREDENTIAL_DIALOG, AddCredentialDialog } from './AddCredentialDialog';
import { ENROLLMENT_DIALOG, EnrollmentDialog } from './EnrollmentDialog';
import { TEST_CREDENTIAL_DIALOG, TestCredentialDialog } from './TestCredentialDialog';

/** Opens with the app credential to reset. */
const RESET_APP_DIALOG = dialogName<Credential>('resetAppCredential');

/** A new or reset credential whose enrolment needs something shown once (secret, QR code). */
function showEnrollment(created: CredentialCreated) {
  // A smartcard's transport PIN went by mail: the success message says where, there is nothing to show.
  if (created.enrollment && !created.enrollment.pin_sent_to)
    openDialog(ENROLLMENT_DIALOG, { credential: created.credential, enrollment: created.enrollment });
}

export type CredentialsView = 'all' | 'web' | 'workstation';

/** The member's credentials (all of them, the web ones, or those usable for Windows login) and their actions. */
export function CredentialsTab({ member, view }: { member: MemberDetail; view: CredentialsView }) {
  const { t, i18n } = useTranslation();
  const list = useCredentials(member.id);
  const [target, setTarget] = useState<Credential | null>(null);

  const patch = usePatchCredential(member.id, { success: (t) => t('credentials.updated') });
  const unlock = useUnlockCredential(member.id, { success: (t) => t('credentials.unlocked') });
  const del = useDeleteCredential(member.id, { success: (t) => t('credentials.deleted') });
  const send = useSendCredential(member.id, { success: (t, r) => t('credentials.sentTo', { to: r.sent_to }) });
  const reset = useResetCredential(member.id, { onSuccess: showEnrollment });
  const pinReset = usePinReset(member.id, { success: (t) => t('success.pinResetEnabled') });
  const label = (c: Credential) => t(`credentials.types.${c.type}`);

  const all = list.data ?? [];
  const rows = all.filter((c) => (view === 'web' ? c.is_web : view === 'workstation' ? c.windows_login : true));
  const empty =
    view === 'web'
      ? t('members.detail.webEmpty')
      : view === 'workstation'
        ? t('members.detail.workstationEmpty')
        : t('credentials.empty');

  return (
    <Stack spacing={2}>
      {view === 'workstation' && member.identities.length === 0 && (
        <Alert severity="info">{t('members.detail.noIdentities')}</Alert>
      )}
      {view === 'all' && (
        <Box>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            aria-haspopup="dialog"
            onClick={() => openDialog(ADD_CREDENTIAL_DIALOG)}
          >
            {t('credentials.add')}
          </Button>
        </Box>
      )}
      {list.isPending ? (
        <Spinner size="small" />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('members.detail.tabs.credentials')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('credentials.columns.type')}</TableCell>
                <TableCell>{t('credentials.columns.description')}</TableCell>
                <TableCell>{t('credentials.columns.created')}</TableCell>
                <TableCell>{t('credentials.columns.flags')}</TableCell>
                <TableCell>{t('credentials.columns.active')}</TableCell>
                <TableCell>{t('credentials.columns.state')}</TableCell>
                <TableCell>{t('credentials.columns.details')}</TableCell>
                <TableCell>{t('credentials.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id} data-testid={`credential-${c.type}`}>
                  <TableCell>{label(c)}</TableCell>
                  <TableCell>{c.description || '—'}</TableCell>
                  <TableCell>{formatDate(c.created_at, i18n.language)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                      {c.is_web && <Chip size="small" label={t('credentials.isWeb')} />}
                      {c.is_api && <Chip size="small" label={t('credentials.isApi')} />}
                      {c.windows_login && <Chip size="small" label={t('credentials.windowsLogin')} />}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={c.isActive}
                      slotProps={{ input: { 'aria-label': t('credentials.activeOf', { type: label(c) }) } }}
                      onChange={(e) => patch.run({ credential: c, patch: { isActive: e.target.checked } })}
                    />
                  </TableCell>
                  <TableCell>
                    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                      {isApp(c.type) && c.status ? (
                        <Chip
                          size="small"
                          color={c.status === 'active' ? 'success' : 'warning'}
                          label={c.status === 'active' ? t('credentials.appActive') : t('credentials.pending')}
                        />
                      ) : (
                        <Typography variant="body2">
                          {c.isEnrolled ? t('credentials.enrolled') : t('credentials.notEnrolled')}
                        </Typography>
                      )}
                      {c.deviceModel && (
                        <Typography variant="caption">{t('credentials.device', { model: c.deviceModel })}</Typography>
                      )}
                      {c.authenticator?.cloned_at && (
                        <Chip
                          size="small"
                          color="error"
                          label={t('credentials.cloned', {
                            date: formatDate(c.authenticator.cloned_at, i18n.language),
                          })}
                        />
                      )}
                      {c.locked && (
                        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                          <Chip size="small" color="error" label={t('credentials.locked')} />
                          <Button size="small" onClick={() => unlock.run(c)}>
                            {t('credentials.unlock')}
                          </Button>
                        </Stack>
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Stack spacing={0.25}>
                      {c.target && (
                        <Typography variant="caption">{t('credentials.target', { value: c.target })}</Typography>
                      )}
                      {c.token_serial && (
                        <Typography variant="caption">
                          {t('credentials.tokenSerial', { value: c.token_serial })}
                        </Typography>
                      )}
                      {c.subject && (
                        <Typography variant="caption">{t('credentials.subject', { value: c.subject })}</Typography>
                      )}
                      {c.issuer && (
                        <Typography variant="caption">{t('credentials.issuer', { value: c.issuer })}</Typography>
                      )}
                      {c.pin_reset_until && (
                        <Typography variant="caption">
                          {t('credentials.pinResetUntil', { date: formatDate(c.pin_reset_until, i18n.language) })}
                        </Typography>
                      )}
                      {c.validTo && (
                        <Typography variant="caption">
                          {t('credentials.validTo', { value: formatDate(c.validTo, i18n.language) })}
                        </Typography>
                      )}
                      {c.authenticator && (
                        <>
                          <Typography variant="caption">
                            {c.authenticator.synced ? t('credentials.passkey') : t('credentials.securityKey')}
                          </Typography>
                          <Typography variant="caption" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                            {t('credentials.aaguid', { value: c.authenticator.aaguid })}
                          </Typography>
                        </>
                      )}
                      {c.fingerprint && (
                        <Typography variant="caption" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                          {t('credentials.fingerprint', { value: c.fingerprint })}
                        </Typography>
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                      {TESTABLE.includes(c.type) && (
                        <Button
                          size="small"
                          aria-haspopup="dialog"
                          onClick={() => openDialog(TEST_CREDENTIAL_DIALOG, c)}
                        >
                          {t('credentials.test')}
                        </Button>
                      )}
                      {SENDABLE.includes(c.type) && (
                        <Button size="small" onClick={() => send.run(c)}>
                          {t('credentials.sendCode')}
                        </Button>
                      )}
                      {isApp(c.type) && c.status === 'pending' && (
                        <Button size="small" onClick={() => send.run(c)}>
                          {t('credentials.sendQr')}
                        </Button>
                      )}
                      {isApp(c.type) && (
                        <Button size="small" aria-haspopup="dialog" onClick={() => openDialog(RESET_APP_DIALOG, c)}>
                          {t('credentials.reset')}
                        </Button>
                      )}
                      {c.type === 'smartcard' && (
                        <Button
                          size="small"
                          aria-haspopup="dialog"
                          onClick={() =>
                            askConfirmation({
                              kind: 'pinReset',
                              name: c.description || c.subject || label(c),
                              onConfirm: () => pinReset.run(c),
                            })
                          }
                        >
                          {t('credentials.resetPin')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        color="error"
                        aria-haspopup="dialog"
                        onClick={() =>
                          askConfirmation({
                            kind: 'delete',
                            name: c.description ? `${label(c)} (${c.description})` : label(c),
                            onConfirm: () => del.run(c),
                          })
                        }
                      >
                        {t('credentials.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {view === 'all' && (
        <AddCredentialDialog
          memberId={member.id}
          allowed={member.allowed_credential_types}
          issuable={member.issuable_credential_types}
          existing={all}
          onCreated={showEnrollment}
        />
      )}
      <EnrollmentDialog onSendQr={(c) => send.run(c)} />
      <TestCredentialDialog memberId={member.id} />
      <AppDialog
        dialog={RESET_APP_DIALOG}
        onOpen={setTarget}
        title={t('credentials.resetTitle')}
        onCancel
        onConfirm={async () => {
          dialogs.close(RESET_APP_DIALOG.name);
          if (target) await reset.run(target);
        }}
      >
        <DialogContentText>{t('credentials.resetMessage')}</DialogContentText>
      </AppDialog>
    </Stack>
  );
}
