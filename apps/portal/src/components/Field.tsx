import { type InputHTMLAttributes, type Ref, type TextareaHTMLAttributes, useId } from 'react';

interface Common {
  label: string;
  hint?: string;
  error?: string | null;
  /** The error is announced as it appears (an answer refused by the server, not a typing check). */
  live?: boolean;
}

/** Label, control, hint and error tied together for assistive technology. */
function useDescribed({ hint, error }: Common) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return { id, describedBy };
}

function Messages({ id, hint, error, live }: Common & { id: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role={live ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </>
  );
}

export function Field({
  label,
  hint,
  error,
  live,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const { id, describedBy } = useDescribed({ label, hint, error });
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
      <Messages id={id} label={label} hint={hint} error={error} live={live} />
    </div>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  live,
  ...area
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { id, describedBy } = useDescribed({ label, hint, error });
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...area} />
      <Messages id={id} label={label} hint={hint} error={error} live={live} />
    </div>
  );
}
