import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';
import type { StockItem, StockMovement, StockSummary } from './api.ts';
import { algiersToday, isolate } from './format.ts';

const PATH = '/user/stock-management';

const wheat: StockItem = {
  id: 3,
  name: 'Blé dur',
  unit: 'kg',
  kind: 'product',
  stock: 40,
  movementCount: 2,
  createdAt: '2025-08-01T10:00:00.000Z',
};
const bags: StockItem = {
  ...wheat,
  id: 4,
  name: 'Engrais NPK',
  unit: 'bag',
  kind: 'input',
  stock: 3,
  movementCount: 0,
};

const sale: StockMovement = {
  id: 11,
  itemId: 3,
  itemName: 'Blé dur',
  unit: 'kg',
  direction: 'out',
  kind: 'sale',
  quantity: 10,
  unitPrice: 55.5,
  total: 555,
  date: '2025-08-12',
  note: 'Marché de Boufarik',
  createdAt: '2025-08-12T09:00:00.000Z',
};

const summary: StockSummary = {
  from: null,
  to: null,
  items: [
    {
      id: 3,
      name: 'Blé dur',
      unit: 'kg',
      kind: 'product',
      entries: 50,
      exits: 10,
      difference: 40,
      stock: 40,
      purchasesValue: 2000,
      salesValue: 555,
    },
    {
      id: 4,
      name: 'Engrais NPK',
      unit: 'bag',
      kind: 'input',
      entries: 3,
      exits: 0,
      difference: 3,
      stock: 3,
      purchasesValue: 0,
      salesValue: 0,
    },
  ],
  totals: { purchasesValue: 2000, salesValue: 555 },
};

/** The API's 409 answer to an exit or a deletion that would leave the stock negative. */
const negative = (path: 'quantity' | 'id', date: string, shortfall: number) => () =>
  json(409, {
    code: 'STOCK_NEGATIVE',
    message: 'Stock négatif',
    issues: [{ path, code: 'negative_stock', message: 'stock.negativeStock', date, shortfall }],
  });

function farmer(extra: Parameters<typeof stubApi>[0] = {}) {
  localStorage.setItem('Token', 'jwt.farmer');
  return stubApi({
    'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, roleName: 'User', userName: 'Karim' })),
    'GET /api/stock/items': () => json(200, [wheat, bags]),
    'GET /api/stock/summary': () => json(200, summary),
    'GET /api/stock/movements': () => json(200, [sale]),
    ...extra,
  });
}

async function openForm(user: ReturnType<typeof userEvent.setup>, name: string) {
  await screen.findAllByTestId('item-stock');
  await user.click(screen.getByRole('button', { name }));
  return screen.findByRole('region', { name: /mouvement|حركة/ });
}

afterEach(() => queryClient.clear());

describe('stock management page', { timeout: 30_000 }, () => {
  it('lists the items with the stock the API computed, in the unit’s words', async () => {
    await i18n.changeLanguage('fr');
    farmer();
    renderApp(PATH);
    const stocks = await screen.findAllByTestId('item-stock');
    expect(stocks.map((s) => s.textContent)).toEqual(['40 kg', '3 sacs']);
    expect(screen.getByRole('cell', { name: 'Intrant' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Sac' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion de stock' })).toBeTruthy();
  });

  it('adds an item (a duplicate name is said on the field) and edits one in a dialog', async () => {
    await i18n.changeLanguage('fr');
    let posts = 0;
    const { calls } = farmer({
      'POST /api/stock/items': () =>
        ++posts === 1
          ? json(409, {
              code: 'CONFLICT',
              message: 'x',
              issues: [{ path: 'name', code: 'duplicate', message: 'conflict.duplicate' }],
            })
          : json(201, { ...bags, id: 9, name: 'Foin', unit: 'bale', stock: 0 }),
      'PUT /api/stock/items/3': () => json(200, { ...wheat, name: 'Blé tendre', unit: 'q' }),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Ajouter un article' }));
    const region = within(screen.getByRole('region', { name: 'Nouvel article' }));
    await user.click(region.getByRole('button', { name: "Ajouter l'article" }));
    expect(await region.findByText('Ce champ est obligatoire.')).toBeTruthy();
    await user.type(region.getByLabelText("Nom de l'article"), 'Blé dur');
    await user.click(region.getByRole('button', { name: "Ajouter l'article" }));
    expect(await region.findByText('Un élément portant ce nom existe déjà.')).toBeTruthy();
    await user.clear(region.getByLabelText("Nom de l'article"));
    await user.type(region.getByLabelText("Nom de l'article"), 'Foin');
    await user.selectOptions(region.getByLabelText('Unité'), 'Botte');
    await user.selectOptions(region.getByLabelText("Type d'article"), 'Intrant');
    await user.click(region.getByRole('button', { name: "Ajouter l'article" }));
    expect(await screen.findByText(`Article « ${isolate('Foin')} » ajouté.`)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Blé dur', unit: 'kg', kind: 'product' },
      { name: 'Foin', unit: 'bale', kind: 'input' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Modifier « Blé dur »' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText("Changer l'unité ne convertit pas les quantités déjà enregistrées.")).toBeTruthy();
    const name = dialog.getByLabelText("Nom de l'article") as HTMLInputElement;
    expect(name.value).toBe('Blé dur');
    await user.clear(name);
    await user.type(name, 'Blé tendre');
    await user.selectOptions(dialog.getByLabelText('Unité'), 'Quintal (q)');
    await user.click(dialog.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(`Article « ${isolate('Blé tendre')} » modifié.`)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Blé tendre', unit: 'q', kind: 'product' });
  });

  it('refuses a name without a visible letter, or with a bidi control, as the API does (shared schema)', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer({});
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Ajouter un article' }));
    const region = within(screen.getByRole('region', { name: 'Nouvel article' }));
    const name = region.getByLabelText("Nom de l'article");
    await user.type(name, '\u200B\u200B');
    await user.click(region.getByRole('button', { name: "Ajouter l'article" }));
    expect(await region.findByText('Saisissez au moins une lettre ou un chiffre visible.')).toBeTruthy();
    await user.clear(name);
    await user.type(name, '\u202EFoin');
    await user.click(region.getByRole('button', { name: "Ajouter l'article" }));
    expect(await region.findByText(/caractère de contrôle de direction/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('tells an account without stock management why (403)', async () => {
    await i18n.changeLanguage('fr');
    farmer({ 'GET /api/stock/items': () => json(403, { code: 'FORBIDDEN', message: 'x' }) });
    renderApp(PATH);
    const notice = await screen.findByText('La gestion de stock est réservée aux comptes agriculteur et vendeur.');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('offers only the kinds of the chosen direction and keeps an adjustment across', async () => {
    await i18n.changeLanguage('fr');
    farmer();
    const user = userEvent.setup();
    renderApp(PATH);
    const form = within(await openForm(user, 'Enregistrer une entrée / sortie'));
    const kind = form.getByLabelText('Type de mouvement') as HTMLSelectElement;
    const options = () => [...kind.options].map((o) => o.textContent);
    expect(options()).toEqual(['Achat', 'Production', 'Ajustement']);
    expect(kind.value).toBe('purchase');

    await user.click(form.getByLabelText('Sortie'));
    expect(options()).toEqual(['Vente', 'Consommation', 'Ajustement']);
    expect(kind.value).toBe('sale');

    await user.selectOptions(kind, 'adjustment');
    await user.click(form.getByLabelText('Entrée'));
    expect(kind.value).toBe('adjustment');
    expect(options()).toEqual(['Achat', 'Production', 'Ajustement']);
  });

  it('validates before sending, accepts "12,5" and sends the API’s body', async () => {
    await i18n.changeLanguage('fr');
    const created: StockMovement = {
      ...sale,
      id: 12,
      direction: 'in',
      kind: 'purchase',
      quantity: 12.5,
      unitPrice: 40,
    };
    const { calls } = farmer({ 'POST /api/stock/movements': () => json(201, created) });
    const user = userEvent.setup();
    renderApp(PATH);
    const form = within(await openForm(user, 'Enregistrer une entrée / sortie'));

    const date = form.getByLabelText('Date') as HTMLInputElement;
    expect(date.value).toBe(algiersToday());
    expect(date.max).toBe(algiersToday());
    await user.type(form.getByLabelText('Quantité'), 'douze');
    await user.clear(date);
    await user.type(date, '2099-12-31');
    await user.click(form.getByRole('button', { name: 'Enregistrer le mouvement' }));
    expect(await form.findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(form.getByText('Saisissez une quantité valide (nombre positif).')).toBeTruthy();
    expect(form.getByText("La date ne peut pas être postérieure à aujourd'hui.")).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.selectOptions(form.getByLabelText('Article'), 'Blé dur');
    expect(form.getByText('Stock disponible : 40 kg')).toBeTruthy();
    await user.clear(form.getByLabelText('Quantité (kg)'));
    await user.type(form.getByLabelText('Quantité (kg)'), '12,5');
    await user.type(form.getByLabelText('Prix unitaire (DA)'), '40');
    await user.clear(date);
    await user.type(date, '2025-08-10');
    await user.click(form.getByRole('button', { name: 'Enregistrer le mouvement' }));

    expect(await screen.findByText(`Entrée enregistrée : 12,5 kg de « ${isolate('Blé dur')} ».`)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      itemId: 3,
      direction: 'in',
      kind: 'purchase',
      quantity: 12.5,
      unitPrice: 40,
      date: '2025-08-10',
      note: '',
    });
    // Ready for the next one: the quantity is emptied, the item and the day stay.
    await waitFor(() => expect((form.getByLabelText('Quantité (kg)') as HTMLInputElement).value).toBe(''));
    expect(date.value).toBe('2025-08-10');
  });

  it('explains a refused exit with the day and the shortfall, and keeps what was typed', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer({
      'POST /api/stock/movements': negative('quantity', '2025-08-12', 3),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const form = within(await openForm(user, 'Enregistrer une sortie de « Blé dur »'));
    expect((form.getByLabelText('Article') as HTMLSelectElement).value).toBe('3');
    expect((form.getByLabelText('Sortie') as HTMLInputElement).checked).toBe(true);
    const quantity = form.getByLabelText('Quantité (kg)') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    await user.type(quantity, '43');
    await user.type(form.getByLabelText('Note (facultative)'), 'Vente au grossiste');
    await user.click(form.getByRole('button', { name: 'Enregistrer le mouvement' }));

    const alert = await form.findByText('Stock insuffisant : il manquerait 3 kg le 12/08/2025.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(quantity.value).toBe('43');
    expect((form.getByLabelText('Note (facultative)') as HTMLTextAreaElement).value).toBe('Vente au grossiste');
    expect((form.getByLabelText('Type de mouvement') as HTMLSelectElement).value).toBe('sale');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('words the shortfall in Arabic with the counted noun', async () => {
    farmer({
      'POST /api/stock/movements': negative('quantity', '2025-08-12', 5),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    const form = within(await openForm(user, 'تسجيل خروج «Engrais NPK»'));
    await user.type(form.getByLabelText('الكمية (كيس)'), '8');
    await user.click(form.getByRole('button', { name: 'تسجيل الحركة' }));
    const alert = await form.findByRole('alert');
    expect(alert.textContent).toMatch(/^المخزون غير كافٍ: سينقص 5 أكياس بتاريخ 12\u200f?\/08\u200f?\/2025\.$/);
  });

  it('confirms an item deletion with its movement count, then sends withMovements=true', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer({
      'DELETE /api/stock/items/3': () => json(200, { message: 'ok', deletedMovements: 2 }),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('button', { name: 'Supprimer « Blé dur »' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain(`« ${isolate('Blé dur')} » a des mouvements enregistrés (nombre : 2)`);
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Supprimer « Blé dur »' }));
    await user.click(screen.getByRole('button', { name: "Supprimer l'article et ses mouvements (2)" }));
    expect(await screen.findByText(`Article « ${isolate('Blé dur')} » supprimé.`)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      '/api/stock/items/3?withMovements=true',
    ]);
  });

  it('shows entries, exits, difference and the DA totals of the period', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer();
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('tab', { name: 'Entrées / sorties' }));
    const panel = screen.getByRole('tabpanel', { name: 'Entrées / sorties' });
    const table = within(panel).getByRole('table', { name: 'Entrées, sorties et différence par article' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .queryAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows.filter((r) => r.length)).toEqual([
      ['Blé dur', '50 kg', '10 kg', '40 kg', '40 kg', '2\u202f000 DA', '555 DA'],
      ['Engrais NPK', '3 sacs', '0 sac', '3 sacs', '3 sacs', '0 DA', '0 DA'],
    ]);
    expect(within(panel).getByTestId('total-purchases').textContent).toBe('2\u202f000 DA');
    expect(within(panel).getByTestId('total-sales').textContent).toBe('555 DA');

    // A period out of order is refused on the spot; an ordered one is what the API is asked for.
    await user.type(within(panel).getByLabelText('Du'), '2025-08-10');
    await user.type(within(panel).getByLabelText('Au'), '2025-08-01');
    expect(within(panel).getByText('La date de fin doit être postérieure ou égale à la date de début.')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('to=2025-08-01'))).toBe(false);
    await user.clear(within(panel).getByLabelText('Au'));
    await user.type(within(panel).getByLabelText('Au'), '2025-08-31');
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/stock/summary?from=2025-08-10&to=2025-08-31')).toBe(true),
    );
  });

  it('lists the sales with the period total and refuses a deletion that would make stock negative', async () => {
    await i18n.changeLanguage('fr');
    farmer({
      'DELETE /api/stock/movements/11': negative('id', '2025-08-14', 2.25),
    });
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('tab', { name: 'Ventes' }));
    const panel = screen.getByRole('tabpanel', { name: 'Ventes' });
    expect(await within(panel).findByText('Marché de Boufarik')).toBeTruthy();
    expect(within(panel).getByTestId('sales-total').textContent).toBe('Total des ventes sur la période : 555 DA');
    expect(within(panel).getByRole('cell', { name: '55,5 DA' })).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Supprimer le mouvement du 12/08/2025 (« Blé dur »)' }));
    expect(screen.getByRole('alertdialog').textContent).toContain(
      `Sortie de 10 kg de « ${isolate('Blé dur')} » du 12/08/2025`,
    );
    await user.click(screen.getByRole('button', { name: 'Oui, supprimer' }));
    expect(
      await within(panel).findByText(
        'Suppression refusée : le stock deviendrait négatif, il manquerait 2,25 kg le 14/08/2025.',
      ),
    ).toBeTruthy();
  });

  it('downloads the CSV of the period with the token, under the server’s file name', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = farmer({
      'GET /api/stock/export.csv': () =>
        new Response('\ufeffDate;Article\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="stock_all_2025-08-20.csv"',
          },
        }),
    });
    // jsdom has no Blob URLs: give it two for this test.
    const createObjectURL = vi.fn(() => 'blob:stock');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderApp(PATH);
    await user.click(await screen.findByRole('tab', { name: 'Tous les mouvements' }));
    const panel = screen.getByRole('tabpanel', { name: 'Tous les mouvements' });
    await user.click(within(panel).getByRole('button', { name: 'Exporter en CSV' }));

    expect(await screen.findByText(`Fichier « ${isolate('stock_all_2025-08-20.csv')} » téléchargé.`)).toBeTruthy();
    const call = calls.find((c) => c.url.startsWith('/api/stock/export.csv'));
    expect(call?.url).toBe('/api/stock/export.csv?lang=fr');
    expect(call?.headers.authorization).toBe('Bearer jwt.farmer');
    expect(createObjectURL).toHaveBeenCalledOnce();
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('stock_all_2025-08-20.csv');
    click.mockRestore();
  });
});
