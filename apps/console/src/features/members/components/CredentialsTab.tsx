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
import type { Credential, Enrollment, MemberDetail } from '@portiere/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/AppDialog';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { dialogs } from '../../../components/dialogs/dialogRegistry';
import { feedback } from '../../../components/feedback/feedbackStore';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import {
  credentialsQuery,
  deleteCredential,
  patchCredential,
  resetCredential,
  sendCredential,
  unlockCredential,
} from '../api/credentialsApi';
import { credentialErrorMessage } from '../lib/credentialError';
import { isApp, SENDABLE, TESTABLE } from '../lib/credentialKinds';
import { formatDate } from '../lib/format';
import { ADD_CREDENTIAL_DIALOG, AddCredentialDialog } from './AddCredentialDialog';
import { ENROLLMENT_DIALOG, EnrollmentDialog } from './EnrollmentDialog';
import { TEST_CREDENTIAL_DIALOG, TestCredentialDialog } from './TestCredentialDialog';

const RESET_APP_DIALOG = 'resetAppCredential';

export type CredentialsView = 'all' | 'web' | 'workstation';

/** The member's credentials (all of them, the web ones, or those usable for Windows login) and their actions. */
export function CredentialsTab({ member, view }: { member: MemberDetail; view: CredentialsView }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery(credentialsQuery(member.id));
  const [shown, setShown] = useState<{ credential: Credential; enrollment: Enrollment } | null>(null);
  const [target, setTarget] = useState<Credential | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['members', 'detail', member.id] });
  const run = async (action: () => Promise<unknown>, success?: string) => {
    try {
      await action();
      if (success) feedback.push({ type: 'success', message: success });
    } catch (err) {
      feedback.push({ type: 'error', message: credentialErrorMessage(t, err) });
    } finally {
      await refresh();
    }
  };
  const label = (c: Credential) => t(`credentials.types.${c.type}`);
  const send = (c: Credential) =>
    run(async () => {
      const r = await sendCredential(member.id, c.id);
      feedback.push({ type: 'success', message: t('credentials.sentTo', { to: r.sent_to }) });
    });

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
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => dialogs.open(ADD_CREDENTIAL_DIALOG)}>
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
                      onChange={(e) =>
                        run(
                          () => patchCredential(member.id, c.id, { isActive: e.target.checked }),
                          t('credentials.updated'),
                        )
                      }
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
                      {c.locked && (
                        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                          <Chip size="small" color="error" label={t('credentials.locked')} />
                          <Button
                            size="small"
                            onClick={() => run(() => unlockCredential(member.id, c.id), t('credentials.unlocked'))}
                          >
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
                      {c.subject && (
                        <Typography variant="caption">{t('credentials.subject', { value: c.subject })}</Typography>
                      )}
                      {c.issuer && (
                        <Typography variant="caption">{t('credentials.issuer', { value: c.issuer })}</Typography>
                      )}
                      {c.validTo && (
                        <Typography variant="caption">
                          {t('credentials.validTo', { value: formatDate(c.validTo, i18n.language) })}
                        </Typography>
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
                          onClick={() => {
                            setTarget(c);
                            dialogs.open(TEST_CREDENTIAL_DIALOG);
                          }}
                        >
                          {t('credentials.test')}
                        </Button>
                      )}
                      {SENDABLE.includes(c.type) && (
                        <Button size="small" onClick={() => send(c)}>
                          {t('credentials.sendCode')}
                        </Button>
                      )}
                      {isApp(c.type) && c.status === 'pending' && (
                        <Button size="small" onClick={() => send(c)}>
                          {t('credentials.sendQr')}
                        </Button>
                      )}
                      {isApp(c.type) && (
                        <Button
                          size="small"
                          onClick={() => {
                            setTarget(c);
                            dialogs.open(RESET_APP_DIALOG);
                          }}
                        >
                          {t('credentials.reset')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        color="error"
                        onClick={() =>
                          askConfirmation({
                            kind: 'delete',
                            name: c.description ? `${label(c)} (${c.description})` : label(c),
                            onConfirm: () => run(() => deleteCredential(member.id, c.id), t('credentials.deleted')),
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
          existing={all}
          onCreated={(created) => {
            if (created.enrollment) {
              setShown({ credential: created.credential, enrollment: created.enrollment });
              dialogs.open(ENROLLMENT_DIALOG);
            }
          }}
        />
      )}
      <EnrollmentDialog shown={shown} onSendQr={send} />
      <TestCredentialDialog memberId={member.id} credential={target} />
      <AppDialog
        name={RESET_APP_DIALOG}
        title={t('credentials.resetTitle')}
        onCancel
        onConfirm={async () => {
          const c = target;
          dialogs.close(RESET_APP_DIALOG);
          if (!c) return;
          await run(async () => {
            const r = await resetCredential(member.id, c.id);
            if (r.enrollment) {
              setShown({ credential: r.credential, enrollment: r.enrollment });
              dialogs.open(ENROLLMENT_DIALOG);
            }
          });
        }}
      >
        <DialogContentText>{t('credentials.resetMessage')}</DialogContentText>
      </AppDialog>
    </Stack>
  );
}
