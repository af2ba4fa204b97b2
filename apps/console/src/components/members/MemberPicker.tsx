import { Autocomplete, TextField } from '@mui/material';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../lib/useDebounced';
import { MemberSearchContext, type PickedMember } from './memberSearch';

export type { PickedMember };

interface CommonProps {
  label: string;
  error?: string | null;
  autoFocus?: boolean;
  /** Members that must not be offered (e.g. already associated). */
  excludeIds?: readonly string[];
}
interface SingleProps extends CommonProps {
  multiple?: false;
  value: PickedMember | null;
  onChange: (value: PickedMember | null) => void;
}
interface MultiProps extends CommonProps {
  multiple: true;
  value: PickedMember[];
  onChange: (value: PickedMember[]) => void;
}

export const memberLabel = (m: PickedMember) => (m.full_name ? `${m.full_name} (${m.username})` : m.username);

/** Searches members as the user types (users/?search=, first 10) and picks one or several. */
export function MemberPicker(props: SingleProps | MultiProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebounced(input, 250);
  const useMemberSearch = useContext(MemberSearchContext);
  const found = useMemberSearch(search);
  const exclude = new Set(props.excludeIds ?? []);
  const options = found.members.filter((m) => !exclude.has(m.id));
  const common = {
    options,
    loading: found.isFetching,
    filterOptions: (o: PickedMember[]) => o,
    getOptionLabel: memberLabel,
    isOptionEqualToValue: (a: PickedMember, b: PickedMember) => a.id === b.id,
    onInputChange: (_: unknown, v: string, reason: string) => {
      if (reason !== 'reset') setInput(v);
    },
    noOptionsText: t('members.picker.noOptions'),
    loadingText: t('common.loading'),
    renderInput: (params: object) => (
      <TextField
        {...params}
        label={props.label}
        autoFocus={props.autoFocus}
        error={Boolean(props.error)}
        helperText={props.error ?? t('members.picker.hint')}
      />
    ),
  };
  if (props.multiple) {
    return (
      <Autocomplete<PickedMember, true>
        {...common}
        multiple
        value={props.value}
        onChange={(_, v) => props.onChange(v)}
      />
    );
  }
  return <Autocomplete<PickedMember, false> {...common} value={props.value} onChange={(_, v) => props.onChange(v)} />;
}
