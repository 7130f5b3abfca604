import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { firstScreenUsable } from '../../lib/settled.ts';
import { generateState, type GenerateInput } from './generateState.ts';

/** The generate button with its SPEC §5 rules: disabled with a hint saying why, in-progress text while busy. */
export function GenerateButton({
  onGenerate,
  indexCode = '',
  total = null,
  ...input
}: GenerateInput & { onGenerate: () => void; indexCode?: string; total?: number | null }) {
  const { t } = useTranslation('farm');
  const hintId = useId();
  const state = generateState(input);
  // The farm map is usable: the service worker may install now (lib/pwa.ts), not only once the curve and alerts
  // have arrived too.
  useEffect(() => {
    if (!state.disabled) firstScreenUsable();
  }, [state.disabled]);
  return (
    <div>
      <button
        type="button"
        onClick={onGenerate}
        disabled={state.disabled}
        aria-describedby={state.hint ? hintId : undefined}
        aria-busy={input.loading || undefined}
        className="w-full rounded-lg bg-brand-800 px-5 py-3 font-semibold text-white hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-700"
      >
        {input.loading ? t('generate.busy') : t('generate.button')}
      </button>
      {state.hint ? (
        <p
          id={hintId}
          data-testid="farm-generate-hint"
          className={`mt-1 text-sm ${state.hint === 'noRequestsLeft' ? 'font-semibold text-amber-900' : 'text-stone-700'}`}
        >
          {t(`generate.hints.${state.hint}`, { index: indexCode, total: total ?? 0 })}
        </p>
      ) : null}
    </div>
  );
}
