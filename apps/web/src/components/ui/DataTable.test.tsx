import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { renderAdmin } from '../../features/admin/testing.tsx';
import { DataTable, type Column } from './DataTable.tsx';

interface Row {
  id: number;
  name: string;
  size: number;
}
const columns: Column<Row>[] = [
  { id: 'name', header: 'Nom', cell: (r) => r.name, sort: (r) => r.name },
  { id: 'size', header: 'Taille', cell: (r) => String(r.size), sort: (r) => r.size },
];
const rows: Row[] = [
  { id: 1, name: 'Blida', size: 30 },
  { id: 2, name: 'Adrar', size: 5 },
  { id: 3, name: 'Chlef', size: 120 },
];
const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.textContent);

describe('DataTable', () => {
  it('sorts by a header, ascending then descending, and says so with aria-sort', async () => {
    const user = userEvent.setup();
    renderAdmin(<DataTable caption="Wilayas" columns={columns} rows={rows} rowKey={(r) => r.id} />);
    await user.click(await screen.findByRole('button', { name: /Taille/ }));
    expect(firstColumn()).toEqual(['Adrar', 'Blida', 'Chlef']);
    expect(screen.getByRole('columnheader', { name: /Taille/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(screen.getByRole('button', { name: /Taille/ }));
    expect(firstColumn()).toEqual(['Chlef', 'Blida', 'Adrar']);
    expect(screen.getByRole('columnheader', { name: /Taille/ }).getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('button', { name: /Nom/ }));
    expect(firstColumn()).toEqual(['Adrar', 'Blida', 'Chlef']);
  });

  it("shows 'No data available' in Arabic and in French when empty", async () => {
    renderAdmin(<DataTable caption="Vide" columns={columns} rows={[]} rowKey={(r) => r.id} />);
    expect(await screen.findByText('لا توجد بيانات متاحة')).toBeTruthy();
    await i18n.changeLanguage('fr');
    expect(await screen.findByText('Aucune donnée disponible')).toBeTruthy();
  });

  it("opens the 'Plus Details' panel on a row click and on Enter, and closes it with Escape", async () => {
    const user = userEvent.setup();
    renderAdmin(
      <DataTable
        caption="Wilayas"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        details={(r) => [
          { label: 'Identifiant', value: r.id },
          { label: 'Surface', value: `${r.size} ha` },
        ]}
      />,
    );
    await user.click(await screen.findByText('Chlef'));
    const panel = screen.getByRole('dialog', { name: 'مزيد من التفاصيل' });
    expect(within(panel).getByText('120 ha')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    const row = screen.getByText('Adrar').closest('tr');
    row?.focus();
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('dialog')).getByText('5 ha')).toBeTruthy();
  });

  it('does not open the details when an action button of the row is clicked', async () => {
    const user = userEvent.setup();
    let clicked = 0;
    renderAdmin(
      <DataTable
        caption="Wilayas"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        details={(r) => [{ label: 'Nom', value: r.name }]}
        actions={() => (
          <button type="button" onClick={() => clicked++}>
            Agir
          </button>
        )}
      />,
    );
    await user.click((await screen.findAllByRole('button', { name: 'Agir' }))[0]!);
    expect(clicked).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('pages large tables', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 23 }, (_, i) => ({ id: i, name: `P${String(i).padStart(2, '0')}`, size: i }));
    renderAdmin(
      <DataTable
        caption="Parcelles"
        columns={columns}
        rows={many}
        rowKey={(r) => r.id}
        pageSize={10}
        initialSort={{ id: 'size', dir: 'asc' }}
      />,
    );
    expect(await screen.findByText('صفحة 1 من 3')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'الصفحة التالية' }));
    await user.click(screen.getByRole('button', { name: 'الصفحة التالية' }));
    expect(screen.getByText('صفحة 3 من 3')).toBeTruthy();
    expect(firstColumn()).toEqual(['P20', 'P21', 'P22']);
    expect((screen.getByRole('button', { name: 'الصفحة التالية' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
