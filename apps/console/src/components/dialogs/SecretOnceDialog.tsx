import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Button, DialogContentText, Stack } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../CopyField';
import { useCopyText } from '../useCopyText';
import { AppDialog } from './AppDialog';
import { type DialogName, dialogs } from './dialogRegistry';

export interface SecretOnceTexts {
  title: string;
  /** The secret's label. */
  label: string;
  copy: string;
  onlyOnce: string;
  copiedQuestion: string;
}

/**
 * A secret seen only this once (an API key, a workstation key), with a copy button and what to do
 * with it (`children`); forgotten when the dialog closes. Closing it (Close, Escape, a click
 * beside it) before the secret was copied asks first whether it was.
 */
export function SecretOnceDialog<P>({
  dialog,
  secretOf,
  texts,
  testId,
  children,
}: {
  dialog: DialogName<P>;
  secretOf: (payload: P) => string;
  texts: (payload: P | null) => SecretOnceTexts;
  testId: string;
  children?: (payload: P) => ReactNode;
}) {
  const { t } = useTranslation();
  const copyText = useCopyText();
  const [shown, setShown] = useState<P | null>(null);
  const [copied, setCopied] = useState(false);
  const [asking, setAsking] = useState(false);
  const text = texts(shown);
  const close = () => dialogs.close(dialog.name);
  const leave = () => (copied ? close() : setAsking(true));
  const copy = async () => {
    if (shown && (await copyText(secretOf(shown)))) setCopied(true);
  };
  const common = {
    dialog,
    title: text.title,
    onOpen: (payload: P) => {
      setShown(payload);
      setCopied(false);
      setAsking(false);
    },
    onClose: () => setShown(null),
  };
  if (asking) {
    // Escape answers "No": back to the secret.
    return (
      <AppDialog {...common} onNo={() => setAsking(false)} onYes={close} onDismiss={() => setAsking(false)}>
        <DialogContentText>{text.copiedQuestion}</DialogContentText>
      </AppDialog>
    );
  }
  return (
    <AppDialog
      {...common}
      onDismiss={leave}
      actions={
        <>
          <Button startIcon={<ContentCopyIcon />} onClick={copy}>
            {text.copy}
          </Button>
          <Button variant="contained" onClick={leave} autoFocus>
            {t('common.close')}
          </Button>
        </>
      }
    >
      {shown && (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <CopyField label={text.label} value={secretOf(shown)} testId={testId} button={false} />
          {children?.(shown)}
          <Alert severity="warning">{text.onlyOnce}</Alert>
        </Stack>
      )}
    </AppDialog>
  );
}
