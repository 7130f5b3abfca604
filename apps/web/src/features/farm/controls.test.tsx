import { Suspense, useState, type ReactNode } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { DEFAULT_RANGE, type DateRange } from './dateRange.ts';
import { GenerateButton } from './GenerateButton.tsx';
import type { LegendEntry } from './legend.ts';
import { PeriodFields } from './PeriodFields.tsx';
import { LegendPanel } from './ResultPanels.tsx';

const mount = (node: ReactNode) => render(<Suspense fallback={null}>{node}</Suspense>);

function Period({ onRange }: { onRange: (r: DateRange) => void }) {
  const [range, setRange] = useState(DEFAULT_RANGE);
  return (
    <PeriodFields
      range={range}
      onChange={(r) => {
        setRange(r);
        onRange(r);
      }}
    />
  );
}

describe('period fields', () => {
  it('pushes the end when the start moves too far back, with the SPEC message (French)', async () => {
    await i18n.changeLanguage('fr');
    const onRange = vi.fn();
    mount(<Period onRange={onRange} />);
    const start = await screen.findByLabelText('Date de début');
    const end = screen.getByLabelText<HTMLInputElement>('Date de fin');
    expect(end.value).toBe('2025-08-19');
    fireEvent.change(start, { target: { value: '2025-08-02' } });
    expect(end.value).toBe('2025-08-08');
    expect(onRange).toHaveBeenLastCalledWith({ start: '2025-08-02', end: '2025-08-08' });
    expect(screen.getByRole('status').textContent).toBe('La période sélectionnée dépasse 6 jours maximum');
  });

  it('pulls the start when the end moves too far ahead, in Arabic, and clears the message on a short period', async () => {
    const onRange = vi.fn();
    mount(<Period onRange={onRange} />);
    const end = await screen.findByLabelText('تاريخ النهاية');
    const start = screen.getByLabelText<HTMLInputElement>('تاريخ البداية');
    fireEvent.change(end, { target: { value: '2025-09-01' } });
    expect(start.value).toBe('2025-08-26');
    expect(onRange).toHaveBeenLastCalledWith({ start: '2025-08-26', end: '2025-09-01' });
    expect(screen.getByRole('status').textContent).toBe('الفترة المختارة تتجاوز 6 أيام كحد أقصى');
    fireEvent.change(end, { target: { value: '2025-08-30' } });
    expect(onRange).toHaveBeenLastCalledWith({ start: '2025-08-26', end: '2025-08-30' });
    expect(screen.getByRole('status').textContent).not.toContain('تتجاوز');
  });
});

describe('generate button', () => {
  const base = { parcelId: 1, indexId: 2, range: DEFAULT_RANGE, loading: false };

  it('explains each disabled case (French) and generates when allowed', async () => {
    await i18n.changeLanguage('fr');
    const onGenerate = vi.fn();
    const view = mount(<GenerateButton {...base} parcelId={null} indexId={null} onGenerate={onGenerate} />);
    const button = await screen.findByRole('button', { name: "Générer l'image" });
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByText('Veuillez sélectionner une parcelle et un indice')).toBeTruthy();
    view.rerender(<GenerateButton {...base} parcelId={null} onGenerate={onGenerate} />);
    expect(screen.getByText('Veuillez sélectionner une parcelle')).toBeTruthy();
    view.rerender(<GenerateButton {...base} indexId={null} onGenerate={onGenerate} />);
    expect(screen.getByText('Veuillez sélectionner un indice')).toBeTruthy();
    view.rerender(<GenerateButton {...base} range={{ start: '2025-08-01', end: '' }} onGenerate={onGenerate} />);
    expect(screen.getByRole('button')).toHaveProperty('disabled', true);
    view.rerender(<GenerateButton {...base} onGenerate={onGenerate} />);
    const enabled = screen.getByRole('button', { name: "Générer l'image" });
    expect(enabled).toHaveProperty('disabled', false);
    await userEvent.click(enabled);
    expect(onGenerate).toHaveBeenCalledTimes(1);
    view.rerender(<GenerateButton {...base} loading onGenerate={onGenerate} />);
    expect(screen.getByRole('button', { name: 'Génération en cours...' })).toHaveProperty('disabled', true);
  });

  it('speaks Arabic', async () => {
    mount(<GenerateButton {...base} parcelId={null} onGenerate={() => {}} />);
    expect(await screen.findByRole('button', { name: 'إنشاء الصورة' })).toHaveProperty('disabled', true);
    expect(screen.getByText('يرجى اختيار قطعة أرضية')).toBeTruthy();
  });
});

describe('legend panel', () => {
  const legend: LegendEntry[] = [
    {
      id: 2,
      intervalDeb: 0.2,
      intervalFin: 0.4,
      color: 'rgb(240, 210, 60)',
      descriptionLeg: 'x',
      descriptionLegFr: 'Clairsemée',
      descriptionLegAr: 'متفرق',
    },
    {
      id: 1,
      intervalDeb: -1,
      intervalFin: 0.2,
      color: 'rgb(165, 81, 42)',
      descriptionLeg: 'x',
      descriptionLegFr: 'Sol nu',
      descriptionLegAr: 'تربة عارية',
    },
  ];

  it('lists every interval in order with its colour, range and meaning, in both languages', async () => {
    await i18n.changeLanguage('fr');
    mount(<LegendPanel legend={legend} />);
    const list = await screen.findByTestId('farm-legend');
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['-1 à 0,2Sol nu', '0,2 à 0,4Clairsemée']);
    await i18n.changeLanguage('ar');
    expect(await within(list).findByText('-1 إلى 0,2')).toBeTruthy();
    expect(within(list).getByText('متفرق')).toBeTruthy();
  });
});
