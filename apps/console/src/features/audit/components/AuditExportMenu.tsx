import DownloadIcon from '@mui/icons-material/Download';
import { Button, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_EXPORT_FORMATS, type AuditQuery, useExportAudit } from '../api/auditApi';

/** Export: the events the list filters (all pages, newest first) as a CSV or JSON file. */
export function AuditExportMenu({ query }: { query: AuditQuery }) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const exportAudit = useExportAudit({
    feedbackDialog: (t, { format }) => t('audit.export.running', { format: format.toUpperCase() }),
    success: (t) => t('success.dataExported'),
    message: (t) => t('error.exportFailed'),
  });
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={exportAudit.isPending}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('audit.export.button')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {AUDIT_EXPORT_FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              void exportAudit.run({ format, query });
            }}
          >
            {t(`audit.export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
