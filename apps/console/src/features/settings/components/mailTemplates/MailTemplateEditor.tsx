import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import type { MailTemplate, MailTemplateInfo } from '@portiere/contracts';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../../components/dialogs/dialogRegistry';
import { fieldErrorMessage } from '../../../../lib/i18n/fieldError';
import { useSendTestMail } from '../../api/mailTemplatesApi';
import { useSaveSettings } from '../../api/settingsApi';
import { type DraftField, draftErrors, sameDraft, storedTemplate } from '../../lib/mailTemplateDraft';
import { maxLengthOf, type Validators } from '../../lib/settingsForm';
import { insertTag } from '../../lib/tags';
import { MAIL_PREVIEW_DIALOG } from './MailPreviewDialog';
import { TagButtons } from './TagButtons';

type Errors = Partial<Record<DraftField, string>>;

interface Props {
  customerId: string;
  item: MailTemplateInfo;
  validators: Validators;
  /** The text as saved (or the built-in one), and as being edited. */
  baseline: MailTemplate;
  draft: MailTemplate;
  onDraft: (draft: MailTemplate | null) => void;
}

/** One template: subject and content with insertable tags; save, preview, test mail and reset. */
export function MailTemplateEditor({ customerId, item, validators, baseline, draft, onDraft }: Props) {
  const { t } = useTranslation();
  const templateName = t(`settings.mailTemplates.names.${item.name}`);
  const [errors, setErrors] = useState<Errors>({});
  const fields = { subject: useRef<HTMLInputElement>(null), content: useRef<HTMLTextAreaElement>(null) };
  // The field a tag goes into: the last one the operator was in (the content at first).
  const target = useRef<DraftField>('content');
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (caret.current === null) return;
    const el = fields[target.current].current;
    el?.focus();
    el?.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  /** The server's refusals of the subject or content, under those fields (then the only message). */
  const serverErrors = (fieldErrors: Record<string, string>) => {
    const out: Errors = {};
    for (const [path, message] of Object.entries(fieldErrors)) {
      const field = path.split('.').at(-1);
      if (field === 'subject' || field === 'content') out[field] = message;
    }
    setErrors(out);
    return Object.keys(out).length > 0;
  };
  const save = useSaveSettings(customerId, {
    success: (t) => t('success.savedSettings'),
    message: (t) => t('error.savingSettings'),
    onFieldErrors: serverErrors,
    onSuccess: () => onDraft(null),
  });
  const reset = useSaveSettings(customerId, {
    success: (t) => t('settings.mailTemplates.resetDone'),
    message: (t) => t('error.savingSettings'),
    onSuccess: () => {
      setErrors({});
      onDraft(null);
    },
  });
  const sendTest = useSendTestMail(customerId, {
    success: (t, answer) => t('settings.mailTemplates.testSent', { address: answer.sent_to }),
    onFieldErrors: serverErrors,
  });

  /**
   * The browser's checks first: a draft that fails them is not sent anywhere, and each refusal is
   * said once, under its field (no general message over it), with the focus on the first.
   */
  const checked = (): MailTemplate | null => {
    const found = draftErrors(item, draft, validators);
    const messages: Errors = {};
    for (const [field, error] of Object.entries(found)) messages[field as DraftField] = fieldErrorMessage(t, error);
    setErrors(messages);
    if (Object.keys(messages).length) {
      fields[found.subject ? 'subject' : 'content'].current?.focus();
      return null;
    }
    return draft;
  };

  const edit = (field: DraftField, value: string) => {
    setErrors((e) => ({ ...e, [field]: undefined }));
    onDraft({ ...draft, [field]: value });
  };
  const insert = (tag: string) => {
    const el = fields[target.current].current;
    const selection = el ? { start: el.selectionStart ?? 0, end: el.selectionEnd ?? 0 } : null;
    const next = insertTag(draft[target.current], tag, selection);
    caret.current = next.caret;
    edit(target.current, next.text);
  };

  const dirty = !sameDraft(draft, baseline);
  const busy = save.isPending || reset.isPending;
  const field = (name: DraftField) => ({
    value: draft[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => edit(name, e.target.value),
    onFocus: () => {
      target.current = name;
    },
    error: Boolean(errors[name]),
    fullWidth: true,
  });
  const maxLength = (name: DraftField) => maxLengthOf(validators, `general.${item.name}.${name}`) ?? undefined;

  return (
    <Stack spacing={2.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          {templateName}
        </Typography>
        <Chip
          size="small"
          data-testid="template-status"
          color={item.customised ? 'primary' : 'default'}
          label={item.customised ? t('settings.mailTemplates.customised') : t('settings.mailTemplates.default')}
        />
        {dirty && (
          <Typography variant="body2" color="warning.main" role="status">
            {t('settings.unsaved')}
          </Typography>
        )}
      </Stack>
      <TextField
        {...field('subject')}
        inputRef={fields.subject}
        label={t('settings.mailTemplates.subject')}
        helperText={errors.subject}
        slotProps={{ htmlInput: { maxLength: maxLength('subject') } }}
      />
      <TextField
        {...field('content')}
        inputRef={fields.content}
        label={t('settings.mailTemplates.content')}
        multiline
        minRows={8}
        helperText={errors.content ?? t('settings.mailTemplates.contentHint')}
        slotProps={{ htmlInput: { maxLength: maxLength('content'), spellCheck: true } }}
      />
      <Box>
        <Stack spacing={1}>
          <TagButtons
            title={t('settings.mailTemplates.mandatoryTags')}
            tags={item.mandatory}
            mandatory
            onInsert={insert}
          />
          <TagButtons title={t('settings.mailTemplates.optionalTags')} tags={item.optional} onInsert={insert} />
        </Stack>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          color="error"
          aria-haspopup="dialog"
          disabled={!item.customised || busy}
          onClick={() =>
            askConfirmation({
              kind: 'reset',
              name: templateName,
              onConfirm: () => reset.run({ general: { [item.name]: { subject: '', content: '' } } }),
            })
          }
          sx={{ mr: { sm: 'auto' } }}
        >
          {t('settings.mailTemplates.reset')}
        </Button>
        <Button disabled={!dirty || busy} onClick={() => onDraft(null)}>
          {t('settings.discard')}
        </Button>
        <Button
          disabled={sendTest.isPending}
          onClick={() => {
            const ok = checked();
            if (ok) void sendTest.run({ name: item.name, draft: ok });
          }}
        >
          {t('settings.mailTemplates.sendTest')}
        </Button>
        <Button
          aria-haspopup="dialog"
          onClick={() => {
            const ok = checked();
            if (ok) openDialog(MAIL_PREVIEW_DIALOG, { name: item.name, draft: ok });
          }}
        >
          {t('settings.mailTemplates.preview')}
        </Button>
        <Button
          variant="contained"
          disabled={!dirty || busy}
          onClick={() => {
            const ok = checked();
            if (ok) void save.run({ general: { [item.name]: storedTemplate(item, ok) } });
          }}
        >
          {t('settings.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
