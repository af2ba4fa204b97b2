import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Downloads } from '@portiere/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, loadFailure } from '../../../components/feedback/LoadError';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { formatDateTime, kilobytes } from '../../../lib/format';
import { useDownloadScript, useDownloads } from '../api/downloadsApi';

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** The client links of the deployment; the login assistant's only for a customer that has it. */
function Clients({ data }: { data: Downloads }) {
  const { t } = useTranslation();
  const clients = [
    {
      url: data.clients.workstation,
      name: t('downloads.clients.workstation'),
      hint: t('downloads.clients.workstationHint'),
    },
    ...(data.la_enabled
      ? [
          {
            url: data.clients.login_assistant,
            name: t('downloads.clients.loginAssistant'),
            hint: t('downloads.clients.loginAssistantHint'),
          },
        ]
      : []),
  ].filter((c): c is { url: string; name: string; hint: string } => Boolean(c.url));
  return (
    <Section title={t('downloads.clients.title')}>
      {clients.length === 0 ? (
        <Alert severity="info" data-testid="no-clients">
          {t('downloads.clients.none')}
        </Alert>
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {clients.map((c) => (
            <Stack
              component="li"
              key={c.name}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: 'center' } }}
            >
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ fontWeight: 500 }}>{c.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {c.hint}
                </Typography>
              </Box>
              <Button
                variant="contained"
                startIcon={<DownloadIcon />}
                component="a"
                href={c.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('downloads.clients.openNamed', { name: c.name })}
              >
                {t('downloads.clients.open')}
              </Button>
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** The login-assistant scripts the reseller uploaded for this customer, each downloadable. */
function Scripts({ data }: { data: Downloads }) {
  const { t, i18n } = useTranslation();
  const download = useDownloadScript({ success: (t, name) => t('downloads.scripts.downloaded', { name }) });
  return (
    <Section title={t('downloads.scripts.title')} intro={data.la_enabled ? t('downloads.scripts.intro') : undefined}>
      {!data.la_enabled ? (
        <Typography color="text.secondary">{t('downloads.scripts.noAssistant')}</Typography>
      ) : data.scripts.length === 0 ? (
        <Typography color="text.secondary" data-testid="no-scripts">
          {t('downloads.scripts.none')}
        </Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('downloads.scripts.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('laScripts.columns.name')}</TableCell>
                  <TableCell>{t('laScripts.columns.version')}</TableCell>
                  <TableCell align="right">{t('laScripts.columns.size')}</TableCell>
                  <TableCell>{t('laScripts.columns.uploadedAt')}</TableCell>
                  <TableCell align="right">{t('laScripts.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.scripts.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell component="th" scope="row">
                      {s.name}
                    </TableCell>
                    <TableCell>{s.version}</TableCell>
                    <TableCell align="right">{t('laScripts.sizeKb', { size: kilobytes(s.size) })}</TableCell>
                    <TableCell>{formatDateTime(s.uploaded_at, i18n.language)}</TableCell>
                    <TableCell align="right">
                      <Tooltip title={t('laScripts.download')}>
                        <IconButton
                          aria-label={t('laScripts.downloadNamed', { name: s.name })}
                          onClick={() => void download.run(s)}
                          disabled={download.isPending}
                        >
                          <DownloadIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {data.scripts_count > data.scripts.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('downloads.scripts.more', { shown: data.scripts.length, count: data.scripts_count })}
            </Typography>
          )}
        </>
      )}
    </Section>
  );
}

/** Downloads (customer users): the clients to install and the login-assistant scripts to hand out. */
export default function DownloadsPage() {
  const { t } = useTranslation();
  const query = useDownloads();
  const failure = loadFailure(query);
  if (failure) return <LoadError failure={failure} />;
  if (!query.data)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <Spinner />
      </Box>
    );
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('downloads.intro')}
      </Typography>
      <Clients data={query.data} />
      <Scripts data={query.data} />
    </Stack>
  );
}
