import { Stack, Typography } from '@mui/material';
import { type BulkResult, fieldError } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage } from '../../lib/i18n/fieldError';
import { type DialogName, dialogs } from '../dialogs/dialogRegistry';
import { FormDialog } from '../dialogs/FormDialog';
import { feedback } from '../feedback/feedbackStore';
import { MemberPicker, type PickedMember } from './MemberPicker';

interface Props {
  dialog: DialogName;
  title: string;
  intro?: string;
  submitLabel: string;
  /** Sends the chosen ids (the area's bulk write, which reports its own failure); undefined when it failed. */
  onAdd: (ids: string[]) => Promise<BulkResult | undefined>;
  excludeIds?: readonly string[];
}

/** Add users: a multi-select member search; reports how many were added and skipped. */
export function AddMembersDialog({ dialog, title, intro, submitLabel, onAdd, excludeIds }: Props) {
  const { t } = useTranslation();
  const [members, setMembers] = useState<PickedMember[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (members.length === 0) {
      setError(fieldErrorMessage(t, fieldError('required')));
      return;
    }
    setBusy(true);
    const r = await onAdd(members.map((m) => m.id));
    setBusy(false);
    if (!r) return;
    feedback.push({
      type: r.skipped > 0 ? 'warning' : 'success',
      message: t('members.picker.added', { done: r.done, skipped: r.skipped }),
    });
    dialogs.close(dialog.name);
  };

  return (
    <FormDialog
      dialog={dialog}
      title={title}
      onSubmit={submit}
      submitLabel={submitLabel}
      busy={busy}
      onOpen={() => {
        setMembers([]);
        setError(null);
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {intro && <Typography variant="body2">{intro}</Typography>}
        <MemberPicker
          multiple
          label={t('members.picker.members')}
          value={members}
          onChange={(m) => {
            setMembers(m);
            setError(null);
          }}
          error={error}
          excludeIds={excludeIds}
          autoFocus
        />
      </Stack>
    </FormDialog>
  );
}
