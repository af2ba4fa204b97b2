import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

interface Common {
  label: string;
  hint?: string;
  error?: string | null;
}

/** Label, control, hint and error tied together for assistive technology. */
function useDescribed({ hint, error }: Common) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return { id, describedBy };
}

function Messages({ id, hint, error }: Common & { id: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

export function Field({ label, hint, error, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const { id, describedBy } = useDescribed({ label, hint, error });
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
      <Messages id={id} label={label} hint={hint} error={error} />
    </div>
  );
}

export function TextAreaField({ label, hint, error, ...area }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { id, describedBy } = useDescribed({ label, hint, error });
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...area} />
      <Messages id={id} label={label} hint={hint} error={error} />
    </div>
  );
}
