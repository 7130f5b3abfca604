import { useTranslation } from 'react-i18next';
import type { Legend } from '../types.ts';
import { layoutRamp, overlaps, type Interval } from './ramp.ts';

export interface DraftInterval extends Interval {
  color: string;
}

/**
 * The live preview of an index's colour ramp: the existing classes on one bar and the interval being entered
 * on a second bar at the same scale, so a gap or an overlap shows before anything is sent. Numbers grow
 * left to right in both languages, like the axis of a chart.
 */
export function RampPreview({ legends, draft }: { legends: readonly Legend[]; draft: DraftInterval | null }) {
  const { t } = useTranslation('admin');
  const validDraft =
    draft &&
    Number.isFinite(draft.intervalDeb) &&
    Number.isFinite(draft.intervalFin) &&
    draft.intervalDeb < draft.intervalFin
      ? draft
      : null;
  const all: Array<Interval & { color: string; id: string; label: string; draft: boolean }> = [
    ...legends.map((l) => ({ ...l, id: `l${l.id}`, label: l.descriptionLeg, draft: false })),
    ...(validDraft ? [{ ...validDraft, id: 'draft', label: t('legends.newClass'), draft: true }] : []),
  ];
  const { min, max, segments } = layoutRamp(all);
  const clash = validDraft ? legends.filter((l) => overlaps(l, validDraft)) : [];

  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium text-stone-800">{t('legends.preview')}</figcaption>
      {segments.length === 0 ? (
        <p className="text-sm text-stone-600">{t('legends.previewEmpty')}</p>
      ) : (
        <div dir="ltr" className="space-y-1" aria-hidden="true">
          {[false, true].map((row) => (
            <div key={String(row)} className="relative h-6 rounded bg-stone-100">
              {segments
                .filter((s) => s.item.draft === row)
                .map((s) => (
                  <div
                    key={s.item.id}
                    title={`${s.item.label}: [${s.item.intervalDeb}, ${s.item.intervalFin})`}
                    className={`absolute inset-y-0 ${s.item.draft ? 'rounded border-2 border-dashed border-stone-900' : 'border-e border-white'}`}
                    style={{ left: `${s.start}%`, width: `${s.width}%`, background: s.item.color }}
                  />
                ))}
            </div>
          ))}
          <div className="flex justify-between text-xs text-stone-700">
            <span>{min}</span>
            <span>{max}</span>
          </div>
        </div>
      )}
      <ul className="sr-only">
        {segments.map((s) => (
          <li key={s.item.id}>{`${s.item.label}: ${s.item.intervalDeb} – ${s.item.intervalFin}`}</li>
        ))}
      </ul>
      {clash.length > 0 ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t('legends.overlapWarning', {
            classes: clash.map((l) => `[${l.intervalDeb}, ${l.intervalFin})`).join(', '),
          })}
        </p>
      ) : null}
    </figure>
  );
}
