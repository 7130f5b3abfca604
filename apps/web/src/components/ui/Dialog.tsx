import { useId, useRef, type ReactNode } from 'react';
import { useModalFocus } from './useModalFocus.ts';

interface DialogProps {
  title: string;
  children: ReactNode;
  /** Escape, and the caller's buttons, close it. */
  onClose: () => void;
  actions: ReactNode;
  tone?: 'success' | 'error';
}

/**
 * A modal dialog: focus moves in and is trapped (Tab and Shift+Tab cycle), Escape closes, and focus
 * returns to where it was. Rendered only while open. Errors use role="alertdialog" so they are announced.
 */
export function Dialog({ title, children, onClose, actions, tone = 'success' }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useModalFocus(panel, onClose);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-stone-950/50 p-4">
      <div
        ref={panel}
        role={tone === 'error' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id={titleId} className={`text-lg font-bold ${tone === 'error' ? 'text-red-800' : 'text-brand-900'}`}>
          {title}
        </h2>
        <div id={bodyId} className="mt-3 text-stone-700">
          {children}
        </div>
        <div className="mt-6 flex justify-end gap-3">{actions}</div>
      </div>
    </div>
  );
}
