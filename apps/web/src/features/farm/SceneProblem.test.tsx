import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { toFailure, type ImageryError } from './farmApi.ts';
import { SceneProblem } from './SceneProblem.tsx';

const RANGE = { start: '2025-08-14', end: '2025-08-19' };

function mount(body: ImageryError) {
  const failure = toFailure(body);
  if (failure.kind !== 'noScene') throw new Error(`unexpected ${failure.kind}`);
  return render(
    <Suspense fallback={null}>
      <SceneProblem failure={failure} range={RANGE} onUse={() => {}} />
    </Suspense>,
  );
}

describe('scene problem: outside the catalog coverage', () => {
  it('says "outside coverage" (not "no image near these dates") and offers no date, in French', async () => {
    await i18n.changeLanguage('fr');
    mount({ code: 'OUTSIDE_COVERAGE', message: 'hors couverture' });
    const alert = await screen.findByTestId('scene-outside-coverage');
    expect(alert.textContent).toContain('Parcelle hors de la couverture des images');
    expect(alert.textContent).not.toContain('Aucune image satellite pour cette période');
    expect(alert.querySelectorAll('button')).toHaveLength(0);
  });

  it('in Arabic', async () => {
    await i18n.changeLanguage('ar');
    mount({ code: 'OUTSIDE_COVERAGE', message: '' });
    const alert = await screen.findByTestId('scene-outside-coverage');
    expect(alert.textContent).toContain('القطعة الأرضية خارج تغطية الصور');
  });

  it('keeps the NO_SCENE answer with its nearest dates for a covered parcel', async () => {
    await i18n.changeLanguage('fr');
    mount({
      code: 'NO_SCENE',
      message: '',
      nearestDates: ['2025-08-10'],
      nearestBefore: '2025-08-10',
      nearestAfter: null,
    });
    expect(await screen.findByText('Aucune image satellite pour cette période')).toBeTruthy();
    expect(screen.queryByTestId('scene-outside-coverage')).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});
