import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/fetch.ts';
import { i18n } from '../../i18n/index.ts';
import { renderPart } from '../marketplace/testUtils.tsx';
import { formatMonth, MonthlyRequests } from './MonthlyRequests.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('MonthlyRequests', () => {
  it('shows the requests per index and month as a table, and asks for the chosen period', async () => {
    const { calls } = stubApi({
      'GET /api/stats/requests-per-month': (call) =>
        json(200, {
          months: call.url.includes('months=3')
            ? ['2025-07', '2025-08', '2025-09']
            : ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09'],
          series: [
            {
              code: 'NDMI',
              name: 'Indice NDMI',
              counts: call.url.includes('months=3') ? [0, 1, 0] : [0, 0, 0, 0, 1, 0],
            },
            {
              code: 'NDVI',
              name: 'Indice NDVI',
              counts: call.url.includes('months=3') ? [2, 5, 1] : [0, 0, 0, 2, 5, 1],
            },
          ],
        }),
    });
    renderPart(<MonthlyRequests />, '/manager/Dashboard');
    const table = await screen.findByTestId('requests-per-month');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
    expect(calls[0]?.url).toBe('/api/stats/requests-per-month?months=6');
    await userEvent.selectOptions(screen.getByLabelText('Période'), '3');
    await waitFor(() =>
      expect(within(screen.getByTestId('requests-per-month')).getAllByRole('columnheader')).toHaveLength(4),
    );
    const ndvi = within(screen.getByTestId('requests-per-month')).getByRole('row', { name: /NDVI/ });
    expect(
      within(ndvi)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '5', '1']);
    expect(
      within(screen.getByTestId('requests-per-month')).getByRole('columnheader', { name: 'août 2025' }),
    ).toBeTruthy();
  });

  it('says when nothing was requested', async () => {
    stubApi({
      'GET /api/stats/requests-per-month': () =>
        json(200, { months: ['2025-07', '2025-08'], series: [{ code: 'NDVI', name: 'Indice NDVI', counts: [0, 0] }] }),
    });
    renderPart(<MonthlyRequests />, '/manager/Dashboard');
    expect(await screen.findByText('Aucune donnée disponible')).toBeTruthy();
  });

  it('names months in each language', () => {
    expect(formatMonth('2025-08', 'fr')).toBe('août 2025');
    expect(formatMonth('2025-08', 'ar')).toContain('2025');
  });
});
