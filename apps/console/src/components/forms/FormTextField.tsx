import { TextField, type TextFieldProps } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  // biome-ignore lint/suspicious/noExplicitAny: any form, whatever its context and parsed body
  control: Control<T, any, any>;
  name: Path<T>;
  /** A rule said as the user types, shown while the field has no error of its own. */
  liveError?: string;
  /** Fields checked again when this one changes, once saving was tried (a target that depends on a kind). */
  deps?: Path<T>[];
};

/**
 * A text field (or select) bound to a react-hook-form field: its error replaces the helper text
 * while there is one.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  helperText,
  liveError,
  deps,
  ...props
}: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error ?? liveError)}
          helperText={fieldState.error?.message ?? liveError ?? helperText}
        />
      )}
    />
  );
}
