import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { renderAdmin } from '../testing.tsx';
import { DeleteButton, EditButton, useConfirmedDelete } from './RowActions.tsx';

interface Row {
  id: number;
  name: string;
}
const ROW: Row = { id: 7, name: 'Verger nord' };

function Harness({ remove, onSettled }: { remove: (row: Row) => Promise<unknown>; onSettled: (row: Row) => void }) {
  const del = useConfirmedDelete({
    remove,
    success: () => 'Supprimé.',
    invalidate: [],
    onSettled,
    confirm: (row: Row) => ({ title: 'Supprimer la ligne', message: `Supprimer « ${row.name} » ?` }),
  });
  return (
    <>
      <EditButton name={ROW.name} onClick={() => {}} />
      <DeleteButton name={ROW.name} onClick={() => del.ask(ROW)} />
      {del.dialog}
    </>
  );
}

afterEach(async () => {
  await i18n.changeLanguage('ar');
});

describe('row buttons and the confirmed delete', () => {
  it('names the row in the buttons, asks first, and deletes that row only once confirmed', async () => {
    await i18n.changeLanguage('fr');
    const remove = vi.fn((_row: Row) => Promise.resolve({}));
    const onSettled = vi.fn();
    const user = userEvent.setup();
    renderAdmin(<Harness remove={remove} onSettled={onSettled} />);
    expect(await screen.findByRole('button', { name: 'Modifier — Verger nord' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Supprimer — Verger nord' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Supprimer la ligne' });
    expect(within(dialog).getByText('Supprimer « Verger nord » ?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(remove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Supprimer — Verger nord' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: /supprimer/i }));
    expect(await screen.findByText('Supprimé.')).toBeTruthy();
    expect(remove.mock.calls.map(([row]) => row)).toEqual([ROW]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onSettled).toHaveBeenCalledWith(ROW);
  });

  it('closes the dialog on a refusal too, and says why', async () => {
    await i18n.changeLanguage('fr');
    const onSettled = vi.fn();
    const user = userEvent.setup();
    renderAdmin(<Harness remove={() => Promise.reject(new Error('refused'))} onSettled={onSettled} />);
    await user.click(await screen.findByRole('button', { name: 'Supprimer — Verger nord' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: /supprimer/i }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onSettled).toHaveBeenCalledWith(ROW);
    expect(screen.queryByText('Supprimé.')).toBeNull();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
