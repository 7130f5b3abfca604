import type { BaseSyntheticEvent } from 'react';

/**
 * react-hook-form's `onInvalid` for `handleSubmit(onValid, focusFirstInvalid)`, with `shouldFocusError: false`:
 * after a refused submit the focus goes to the first refused field *on screen* (DOM order, the reading order in
 * Arabic and French alike). react-hook-form's own focus follows the registration order, which differs wherever a
 * field is registered ahead of the form (a phone field with its own input filter, for instance).
 */
export function focusFirstInvalid(_errors: unknown, event?: BaseSyntheticEvent): void {
  const target = event?.target as HTMLElement | undefined;
  const form = target?.closest?.('form') ?? (target instanceof HTMLFormElement ? target : null);
  if (!form) return;
  let tries = 0;
  // The refused fields get aria-invalid when React renders the errors, just after this call.
  const attempt = () => {
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) first.focus();
    else if (tries++ < 10) setTimeout(attempt, 0);
  };
  setTimeout(attempt, 0);
}
