import { LIMITS } from '@filaha/shared';
import { TextField, type TextFieldProps } from './fields.tsx';

/** An email address field: the email keyboard and autofill, written left to right in both languages. */
export function EmailField(props: TextFieldProps) {
  return <TextField type="email" autoComplete="email" dir="ltr" {...props} />;
}

/** Keeps digits only and at most 10 of them, whatever is typed or pasted (SPEC §5). */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, LIMITS.phoneMaxDigits);
}

/**
 * A phone number field (SPEC §5): the digit keyboard, written left to right, digits only and at most 10;
 * anything else typed is ignored before `onChange` (e.g. react-hook-form's) sees it.
 */
export function PhoneField({ onChange, ...props }: TextFieldProps) {
  return (
    <TextField
      type="tel"
      inputMode="numeric"
      dir="ltr"
      maxLength={LIMITS.phoneMaxDigits}
      {...props}
      onChange={(e) => {
        e.target.value = digitsOnly(e.target.value);
        onChange?.(e);
      }}
    />
  );
}
