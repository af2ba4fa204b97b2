import { MenuItem } from '@mui/material';
import { type FieldValues, useWatch } from 'react-hook-form';
import { FormTextField } from './FormTextField';

type Props<T extends FieldValues> = Omit<Parameters<typeof FormTextField<T>>[0], 'select' | 'children'> & {
  /** The choices, by id. */
  options: readonly { id: string; name: string }[];
  /** The name of the value chosen before, shown while the choices load. */
  current?: string;
  /** The empty choice's label, for an optional select; none for a required one. */
  emptyLabel?: string;
};

/** A select of named choices (applications, groups, flows ...) bound to a react-hook-form field. */
export function FormChoiceSelect<T extends FieldValues>({ options, current, emptyLabel, ...props }: Props<T>) {
  const value: unknown = useWatch({ control: props.control, name: props.name });
  return (
    <FormTextField {...props} select>
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
      {/* The current choice stays shown while the choices load. */}
      {typeof value === 'string' && value && !options.some((o) => o.id === value) && (
        <MenuItem value={value}>{current ?? '…'}</MenuItem>
      )}
    </FormTextField>
  );
}
