import { useRef } from 'react';

/**
 * Tells an empty date picker from a half-typed one: MUI's pickers answer null for both (a date
 * with a section erased becomes null too), but the field's hidden input keeps the typed text.
 * Give `inputRef` to the picker's text field and ask `isPartial(value)` before saving, so that
 * half a date is refused instead of being saved as "no date".
 */
export function usePartialDateField() {
  const inputRef = useRef<HTMLInputElement>(null);
  const isPartial = (value: unknown) => value === null && Boolean(inputRef.current?.value);
  return { inputRef, isPartial };
}
