import { TextField, type TextFieldProps } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

type Props<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  // biome-ignore lint/suspicious/noExplicitAny: any form, whatever its context and parsed body
  control: Control<T, any, any>;
  name: Path<T>;
};

/**
 * A text field (or select) bound to a react-hook-form field: its error replaces the helper text
 * while there is one.
 */
export function FormTextField<T extends FieldValues>({ control, name, helperText, ...props }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
