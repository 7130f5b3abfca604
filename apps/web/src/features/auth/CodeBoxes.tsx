import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@filaha/shared';

const LENGTH = LIMITS.resetCodeLength;

interface CodeBoxesProps {
  /** Exactly LENGTH entries, '' for an empty box. */
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Five single-digit boxes: typing a digit moves to the next box, Backspace on an empty box goes back
 * and clears it, and pasting the whole code fills every box. Codes read left to right in both languages.
 */
export function CodeBoxes({ digits, onChange, invalid, describedBy }: CodeBoxesProps) {
  const { t } = useTranslation('auth');
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focusBox = (i: number) => boxes.current[Math.max(0, Math.min(LENGTH - 1, i))]?.focus();

  const set = (index: number, value: string) => {
    const next = [...digits];
    next[index] = value;
    onChange(next);
  };

  const onInput = (index: number, raw: string) => {
    let typed = raw.replace(/\D/g, '');
    const old = digits[index];
    // Typing into a filled box gives old+new (or new+old): keep the new digit.
    if (old && typed.length === 2) typed = typed.startsWith(old) ? typed.slice(1) : typed.slice(0, 1);
    if (typed.length > 1) {
      // Autofill or a fast typist can put several digits in one box: spread them.
      fill(index, typed);
      return;
    }
    set(index, typed);
    if (typed) focusBox(index + 1);
  };

  const fill = (from: number, text: string) => {
    const next = [...digits];
    const chars = text
      .replace(/\D/g, '')
      .slice(0, LENGTH - from)
      .split('');
    chars.forEach((c, i) => (next[from + i] = c));
    onChange(next);
    focusBox(from + chars.length);
  };

  const onKeyDown = (index: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[index]) {
      e.preventDefault();
      if (index > 0) {
        set(index - 1, '');
        focusBox(index - 1);
      }
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focusBox(index - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number, e: ClipboardEvent<HTMLInputElement>) => {
    const text = e.clipboardData.getData('text');
    if (!/\d/.test(text)) return;
    e.preventDefault();
    // A pasted full code starts at the first box, wherever the caret was.
    fill(text.replace(/\D/g, '').length >= LENGTH ? 0 : index, text);
  };

  return (
    <div className="flex justify-center gap-2" dir="ltr">
      {Array.from({ length: LENGTH }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          value={digits[i] ?? ''}
          onChange={(e) => onInput(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={(e) => onPaste(i, e)}
          onFocus={(e) => e.target.select()}
          inputMode="numeric"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          pattern="[0-9]*"
          aria-label={t('forgot.digit', { n: i + 1 })}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          className="size-12 rounded-lg border border-stone-300 text-center text-xl font-semibold text-stone-900 focus:border-brand-700 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-600 sm:size-14"
        />
      ))}
    </div>
  );
}

export const emptyCode = (): string[] => Array.from({ length: LENGTH }, () => '');
