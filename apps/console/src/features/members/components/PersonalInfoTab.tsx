import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { MemberDetail } from '@portiere/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useBlockMember, useDeleteMember, useSendEnrollment } from '../api/membersApi';
import { MEMBER_FORM_DIALOG, MemberFormDialog } from './MemberFormDialog';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The member's fields, with edit, block/unblock, delete and enrolment mail. */
export function PersonalInfoTab({ member }: { member: MemberDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const none = t('members.detail.none');

  const block = useBlockMember({
    success: (t, saved) => t(saved.blocked ? 'members.success.blocked' : 'members.success.unblocked'),
  });
  const sendEnrollment = useSendEnrollment({
    success: (t, r) => t('members.success.enrollmentSent', { to: r.sent_to }),
  });
  const del = useDeleteMember({
    success: (t) => t('members.success.deleted'),
    onSuccess: () => navigate('/users'),
  });
  const remove = () => askConfirmation({ kind: 'delete', name: member.username, onConfirm: () => del.run(member.id) });

  return (
    <Stack spacing={3}>
      {member.scim && (
        <Alert severity="info">
          {t('members.detail.scimManaged', { date: formatDateTime(member.scim.managed_since, i18n.language) })}
          {member.scim.external_id && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t('members.detail.scimExternalId', { id: member.scim.external_id })}
            </Typography>
          )}
        </Alert>
      )}
      {member.reported_sign_in_at && (
        <Alert severity="warning">
          {t('members.detail.reportedSignIn', { date: formatDateTime(member.reported_sign_in_at, i18n.language) })}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          startIcon={<EditIcon />}
          aria-haspopup="dialog"
          onClick={() => openDialog(MEMBER_FORM_DIALOG, member)}
        >
          {t('members.detail.edit')}
        </Button>
        <Button
          variant="outlined"
          startIcon={member.blocked ? <LockOpenIcon /> : <BlockIcon />}
          onClick={() => block.run({ id: member.id, blocked: !member.blocked })}
        >
          {member.blocked ? t('members.detail.unblock') : t('members.detail.block')}
        </Button>
        <Button variant="outlined" startIcon={<SendIcon />} onClick={() => sendEnrollment.run(member.id)}>
          {t('members.detail.sendEnrollment')}
        </Button>
        <Button variant="outlined" color="error" startIcon={<DeleteIcon />} aria-haspopup="dialog" onClick={remove}>
          {t('members.detail.delete')}
        </Button>
      </Stack>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 4,
          rowGap: 1.5,
          m: 0,
        }}
      >
        <Field label={t('members.detail.status')}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span" data-testid="member-status">
            {member.blocked ? (
              <>
                <Chip size="small" color="error" label={t('members.detail.blocked')} />
                {member.blocked_by && <span>{t('members.detail.blockedBy', { name: member.blocked_by })}</span>}
              </>
            ) : (
              <Chip size="small" color="success" label={t('members.detail.active')} />
            )}
          </Stack>
        </Field>
        <Field label={t('members.form.username')}>{member.username}</Field>
        <Field label={t('members.form.firstName')}>{member.first_name || none}</Field>
        <Field label={t('members.form.lastName')}>{member.last_name || none}</Field>
        <Field label={t('members.form.email')}>{member.email || none}</Field>
        <Field label={t('members.form.phone')}>{member.phone_number || none}</Field>
        <Field label={t('members.form.group')}>{member.group?.name ?? t('members.noGroup')}</Field>
        <Field label={t('members.detail.enrolled')}>
          {member.enrolled
            ? t('members.detail.enrolledAt', { date: formatDate(member.enrolled_at, i18n.language) })
            : t('members.detail.notEnrolled')}
        </Field>
        <Field label={t('members.detail.created')}>{formatDate(member.created_at, i18n.language)}</Field>
        <Field label={t('members.detail.identities')}>
          {member.identities.length === 0
            ? none
            : member.identities.map((id) => (
                <Box component="span" key={`${id.subject}|${id.issuer}`} sx={{ display: 'block' }}>
                  {id.subject}
                  {id.issuer ? ` — ${id.issuer}` : ''}
                  {id.validTo ? ` (${t('members.form.validTo')}: ${formatDate(id.validTo, i18n.language)})` : ''}
                  {id.microsoft_identity ? ` · ${id.microsoft_identity}` : ''}
                </Box>
              ))}
        </Field>
        <Field label={t('members.form.identityNotValidAfter')}>
          {formatDate(member.identity_not_valid_after, i18n.language)}
        </Field>
        <Field label={t('members.detail.extraInfo')}>
          {member.extra_info ? (
            <Box component="pre" sx={{ m: 0, fontFamily: 'monospace', fontSize: 13, whiteSpace: 'pre-wrap' }}>
              {member.extra_info}
            </Box>
          ) : (
            none
          )}
        </Field>
      </Box>
      <MemberFormDialog />
    </Stack>
  );
}
