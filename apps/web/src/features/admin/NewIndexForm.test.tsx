import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, reply, stubContracts } from '../../../test/fetch.ts';
import type { IndexRow } from './types.ts';
import { i18n } from '../../i18n/index.ts';
import { NewIndexForm } from './IndicesPage.tsx';
import { renderAdmin } from './testing.tsx';
import { indexRow } from '../../../test/fixtures.ts';

const existing: IndexRow[] = [indexRow(10, 'NDVI'), indexRow(11, 'NDMI')];
const notComputable = () =>
  json(400, {
    code: 'VALIDATION_FAILED',
    message: 'x',
    issues: [{ path: 'code', code: 'index_not_computable', message: 'validation.indexNotComputable' }],
  });

async function fill(user: ReturnType<typeof userEvent.setup>, labels: Record<string, string>, code: string) {
  await user.type(await screen.findByLabelText(labels.name!), 'Indice EVI');
  await user.selectOptions(screen.getByLabelText(labels.code!), code);
  await user.type(screen.getByLabelText(labels.recommendation!), 'Irriguer.');
  await user.type(screen.getByLabelText(labels.descriptionAr!), 'وصف');
  await user.type(screen.getByLabelText(labels.descriptionFr!), 'Description');
}

const AR = {
  name: 'اسم المؤشر',
  code: 'المؤشر المحسوب',
  recommendation: 'التوصيات',
  descriptionAr: 'الوصف بالعربية',
  descriptionFr: 'الوصف بالفرنسية',
  submit: 'إضافة المؤشر',
};
const FR = {
  name: "Nom de l'indice",
  code: 'Indice calculé',
  recommendation: 'Recommandations',
  descriptionAr: 'Description en arabe',
  descriptionFr: 'Description en français',
  submit: "Ajouter l'indice",
};

afterEach(async () => {
  await i18n.changeLanguage('ar');
});

describe('new index form: only indices the imagery engine computes', () => {
  it(
    'offers the engine codes as a select, the ones already created disabled, and sends the chosen code',
    { timeout: 30_000 },
    async () => {
      const { calls } = stubContracts({
        'GET /indice': () => reply(200, existing),
        'POST /indice': () => reply(201, { ...existing[0]!, id: 12, code: 'EVI', indiceName: 'Indice EVI' }),
      });
      const user = userEvent.setup();
      const onDone = vi.fn();
      renderAdmin(<NewIndexForm onDone={onDone} />);
      const select = await screen.findByLabelText(AR.code);
      const options = within(select).getAllByRole('option') as HTMLOptionElement[];
      expect(options.map((o) => o.value)).toEqual([
        '',
        'NDVI',
        'NDMI',
        'NDWI',
        'NDRE',
        'MSAVI',
        'EVI',
        'SAVI',
        'GNDVI',
      ]);
      await waitFor(() => expect(options.filter((o) => o.disabled).map((o) => o.value)).toEqual(['NDVI', 'NDMI']));

      // No code chosen: refused in the browser, nothing sent.
      await user.type(screen.getByLabelText(AR.name), 'Indice EVI');
      await user.click(screen.getByRole('button', { name: AR.submit }));
      await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getAllByText('هذا الحقل إلزامي.').length).toBeGreaterThan(0);
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

      await user.selectOptions(select, 'EVI');
      await user.type(screen.getByLabelText(AR.recommendation), 'Irriguer.');
      await user.type(screen.getByLabelText(AR.descriptionAr), 'وصف');
      await user.type(screen.getByLabelText(AR.descriptionFr), 'Description');
      await user.click(screen.getByRole('button', { name: AR.submit }));
      await waitFor(() => expect(onDone).toHaveBeenCalled());
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ indiceName: 'Indice EVI', code: 'EVI' });
    },
  );

  it('shows the server’s index_not_computable refusal in Arabic and in French', { timeout: 30_000 }, async () => {
    stubContracts({ 'GET /indice': () => reply(200, existing), 'POST /indice': notComputable });
    const user = userEvent.setup();
    const first = renderAdmin(<NewIndexForm onDone={() => {}} />);
    await fill(user, AR, 'SAVI');
    await user.click(screen.getByRole('button', { name: AR.submit }));
    expect(await screen.findByText(/محرك الصور لا يحسب هذا المؤشر/)).toBeTruthy();
    first.unmount();

    await i18n.changeLanguage('fr');
    renderAdmin(<NewIndexForm onDone={() => {}} />);
    await fill(user, FR, 'SAVI');
    await user.click(screen.getByRole('button', { name: FR.submit }));
    expect(await screen.findByText(/n'est pas calculé par le moteur d'imagerie/)).toBeTruthy();
  });
});
