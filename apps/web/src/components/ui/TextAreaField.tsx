import type { Ref, TextareaHTMLAttributes } from 'react';
import { controlClass, FieldShell } from './fields.tsx';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea wired like the shared fields (aria-describedby, role=alert error). */
export function TextAreaField({ label, error, hint, ref, rows = 3, ...rest }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error}>
      {({ id, describedBy }) => (
        <textarea
          ref={ref}
          id={id}
          rows={rows}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={controlClass}
          {...rest}
        />
      )}
    </FieldShell>
  );
}
