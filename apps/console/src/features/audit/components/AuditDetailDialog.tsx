import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { AuditEvent } from '@portiere/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/AppDialog';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { formatDateTime } from '../../../lib/format';
import type { TranslationKey } from '../../../lib/i18n/keys';
import { changesOf, otherDetailsOf } from '../lib/auditQuery';
import { actorLabel, OutcomeChip, targetLabel } from './auditColumns';

export const AUDIT_EVENT_DIALOG = dialogName<AuditEvent>('auditEvent');

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/** One event: every field, what an update changed (field | before | after) and its other details. */
export function AuditDetailDialog() {
  const { t, i18n } = useTranslation();
  const [event, setEvent] = useState<AuditEvent | null>(null);
  const none = t('audit.detail.none');
  const fields: [TranslationKey, ReactNode][] = event
    ? [
        ['audit.detail.at', formatDateTime(event.at, i18n.language)],
        ['audit.detail.action', t(`audit.actions.${event.action}`)],
        ['audit.detail.actor', actorLabel(t, event)],
        ['audit.detail.target', targetLabel(t, event)],
        ['audit.detail.outcome', <OutcomeChip key="outcome" event={event} t={t} />],
        ['audit.detail.reason', event.reason ?? none],
        ['audit.detail.tenant', event.tenant_name],
        ['audit.detail.seq', event.seq === null ? t('audit.detail.sealing') : String(event.seq)],
        ['audit.detail.sourceIp', event.source_ip ?? none],
        ['audit.detail.userAgent', event.user_agent ?? none],
        ['audit.detail.requestId', event.request_id ?? none],
      ]
    : [];
  const changes = event ? changesOf(event.details) : [];
  const others = event ? otherDetailsOf(event.details) : [];
  return (
    <AppDialog
      dialog={AUDIT_EVENT_DIALOG}
      title={t('audit.detail.title')}
      onOk={() => dialogs.close(AUDIT_EVENT_DIALOG.name)}
      onOpen={setEvent}
    >
      {event && (
        <Box data-testid="audit-event-detail">
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, columnGap: 2, m: 0 }}
          >
            {fields.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(label)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          {changes.length > 0 && (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }} id="audit-changes-title">
                {t('audit.detail.changes')}
              </Typography>
              <TableContainer>
                <Table size="small" aria-labelledby="audit-changes-title">
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('audit.detail.field')}</TableCell>
                      <TableCell>{t('audit.detail.before')}</TableCell>
                      <TableCell>{t('audit.detail.after')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {changes.map((c) => (
                      <TableRow key={c.field}>
                        <TableCell>{c.field}</TableCell>
                        <TableCell sx={mono}>{c.before}</TableCell>
                        <TableCell sx={mono}>{c.after}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
          {others.length > 0 && (
            <>
              <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }} id="audit-details-title">
                {t('audit.detail.details')}
              </Typography>
              <Table size="small" aria-labelledby="audit-details-title">
                <TableBody>
                  {others.map((d) => (
                    <TableRow key={d.key}>
                      <TableCell component="th" scope="row">
                        {d.key}
                      </TableCell>
                      <TableCell sx={mono}>{d.value}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </Box>
      )}
    </AppDialog>
  );
}
