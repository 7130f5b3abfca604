import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { json, stubApi } from '../../../test/fetch.ts';
import { profileAnswer } from '../../../test/fixtures.ts';
import { renderAdmin } from './testing.tsx';
import type { UserRow } from './types.ts';
import { UserManagement } from './UserManagement.tsx';

const created_at = '2025-01-01T00:00:00.000Z';
const users: UserRow[] = [
  {
    id: 1,
    userName: 'Admin Démo',
    email: 'admin@demo.dz',
    phoneNumber: '0550000001',
    roleName: 'Admin',
    role_id: 1,
    wilaya: 16,
    created_at,
  },
  {
    id: 2,
    userName: 'Karim',
    email: 'karim@demo.dz',
    phoneNumber: '0550000002',
    roleName: 'User',
    role_id: 2,
    wilaya: 9,
    created_at,
  },
  {
    id: 3,
    userName: 'Nadia',
    email: 'nadia@demo.dz',
    phoneNumber: '0550000003',
    roleName: 'Seller',
    role_id: 6,
    wilaya: 31,
    created_at,
  },
];

describe('/admin/UserManagement', () => {
  it("filters by role ('All Roles' shows everyone) and deletes only after the styled confirmation", async () => {
    let list = [...users];
    const { calls } = stubApi({
      'GET /api/users/profile': () => json(200, profileAnswer(users[0])),
      'GET /api/users': () => json(200, list),
      'DELETE /api/users/2': () => {
        list = list.filter((u) => u.id !== 2);
        return json(200, { message: 'ok' });
      },
    });
    const user = userEvent.setup();
    renderAdmin(<UserManagement />);
    expect(await screen.findByText('Karim')).toBeTruthy();
    const filter = screen.getByLabelText('تصفية حسب الدور');
    expect((filter as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('كل الأدوار');
    await user.selectOptions(filter, 'Seller');
    expect(screen.queryByText('Karim')).toBeNull();
    expect(screen.getByText('Nadia')).toBeTruthy();
    await user.selectOptions(filter, '');
    expect(screen.getAllByRole('row')).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'حذف Karim' }));
    const dialog = screen.getByRole('alertdialog', { name: 'حذف المستخدم' });
    expect(within(dialog).getByText(/karim@demo\.dz/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'حذف Karim' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'نعم، احذف' }));
    expect(await screen.findByText('تم حذف المستخدم.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Karim')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/users/2']);
  });

  it('offers no Delete on the signed-in admin’s own row, in Arabic and French', async () => {
    for (const lang of ['ar', 'fr'] as const) {
      await i18n.changeLanguage(lang);
      stubApi({
        'GET /api/users/profile': () => json(200, profileAnswer(users[0])),
        'GET /api/users': () => json(200, users),
      });
      const { unmount } = renderAdmin(<UserManagement />);
      const own = (await screen.findByText('Admin Démo')).closest('tr') as HTMLElement;
      await within(own).findByText(lang === 'ar' ? 'حسابك' : 'Votre compte');
      expect(within(own).queryByRole('button')).toBeNull();
      const karim = screen.getByText('Karim').closest('tr') as HTMLElement;
      expect(within(karim).getByRole('button', { name: lang === 'ar' ? 'حذف Karim' : 'Supprimer Karim' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Admin Démo/ })).toBeNull();
      unmount();
    }
  });
});
