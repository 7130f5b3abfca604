import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/ui/fields.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useToast } from '../../components/ui/Toasts.tsx';
import { downloadCsv, type Period } from './api.ts';
import { useStockErrors } from './errors.ts';
import { isolate, useStockFormat } from './format.ts';

/** A period can be used when both ends are open or in order. */
export const periodInOrder = (p: Period) => !p.from || !p.to || p.from <= p.to;

interface PeriodBarProps {
  /** What the fields show (may be out of order while typing). */
  draft: Period;
  /** The last period in order: what the lists show and the export sends. */
  applied: Period;
  onChange: (next: Period) => void;
}

/** The period of the summaries and lists (both ends optional) and the CSV export of that period. */
export function PeriodBar({ draft, applied, onChange }: PeriodBarProps) {
  const { t } = useTranslation('stock');
  const fmt = useStockFormat();
  const errors = useStockErrors();
  const toast = useToast();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const name = await downloadCsv(applied, fmt.lang);
      toast.success(t('period.exported', { name: isolate(name) }));
    } catch (error) {
      toast.error(errors.text(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <fieldset className="flex flex-wrap items-end gap-3 rounded-2xl border border-stone-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-stone-800">{t('period.legend')}</legend>
      <div className="w-full sm:w-44">
        <TextField
          label={t('period.from')}
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(e) => onChange({ ...draft, from: e.target.value })}
        />
      </div>
      <div className="w-full sm:w-44">
        <TextField
          label={t('period.to')}
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          error={periodInOrder(draft) ? undefined : errors.field('validation.dateOrder')}
          onChange={(e) => onChange({ ...draft, to: e.target.value })}
        />
      </div>
      <Button
        type="button"
        onClick={() => onChange({ from: '', to: '' })}
        disabled={!draft.from && !draft.to}
        variant="secondary"
      >
        {t('period.reset')}
      </Button>
      <Button
        type="button"
        onClick={() => void exportCsv()}
        disabled={exporting}
        variant="primary"
        className="sm:ms-auto"
      >
        {exporting ? t('period.exporting') : t('period.export')}
      </Button>
      <p className="w-full text-xs text-stone-600">{t('period.hint')}</p>
    </fieldset>
  );
}
