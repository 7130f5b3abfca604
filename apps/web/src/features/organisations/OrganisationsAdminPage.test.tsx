import type {
  Organisation,
  OrganisationDetail,
  OrganisationMember,
  OrganisationParcel,
} from '@filaha/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { queryClient } from '../../lib/queries.ts';
import { json, reply, stubContracts } from '../../../test/fetch.ts';
import { myRoleAnswer, profileAnswer } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

afterEach(() => queryClient.clear());

const failure = (path: string, code: string, message: string) =>
  json(code === 'duplicate' ? 409 : 400, {
    code: code === 'duplicate' ? 'CONFLICT' : 'VALIDATION_FAILED',
    message: 'x',
    issues: [{ path, code, message }],
  });

/** The server's state for a platform admin: organisations and members, changed by the write routes. */
function admin() {
  localStorage.setItem('Token', 'jwt.admin');
  const orgs: Organisation[] = [];
  const members = new Map<number, OrganisationMember[]>();
  const detail = (id: number): OrganisationDetail => {
    const o = orgs.find((x) => x.id === id)!;
    return { ...o, members: members.get(id)!.length, memberList: members.get(id)! };
  };
  const stubs = stubContracts(
    {
      'GET /organisations': () => reply(200, orgs),
      'POST /organisations': (call) => {
        const body = call.body as { name: string; type: Organisation['type'] };
        if (orgs.some((o) => o.name.toLowerCase() === body.name.toLowerCase()))
          return failure('name', 'duplicate', 'conflict.duplicate');
        const o: Organisation = {
          id: orgs.length + 1,
          ...body,
          accessCode: 'MITI2345',
          myRole: null,
          members: 0,
          parcels: 0,
          ownParcels: 0,
          createdAt: '2026-11-29T10:00:00.000Z',
        };
        orgs.push(o);
        members.set(o.id, []);
        return reply(201, o);
      },
      'GET /organisations/:id': (call) => reply(200, detail(Number(call.url.split('/').pop()))),
      'POST /organisations/:id/members': (call) => {
        const id = Number(call.url.split('/').at(-2));
        const body = call.body as { email: string; role: OrganisationMember['role'] };
        if (!body.email.endsWith('@demo.filaha.dz'))
          return failure('email', 'unknown_reference', 'validation.unknownReference');
        const m: OrganisationMember = {
          userId: 40 + members.get(id)!.length,
          userName: 'Amina',
          email: body.email,
          role: body.role,
          addedAt: '2026-11-29T10:00:00.000Z',
        };
        members.get(id)!.push(m);
        return reply(201, m);
      },
      'DELETE /organisations/:id/members/:userId': (call) => {
        const parts = call.url.split('/');
        const list = members.get(Number(parts.at(-3)))!;
        list.splice(
          list.findIndex((m) => m.userId === Number(parts.at(-1))),
          1,
        );
        return reply(200, { message: 'ok' });
      },
    },
    {
      'GET /api/roles/my-role': () => json(200, myRoleAnswer('Admin')),
      'GET /api/users/profile': () => json(200, profileAnswer({ id: 1, userName: 'Admin', roleName: 'Admin' })),
    },
  );
  return { ...stubs, orgs, members };
}

describe('/admin/organisations', { timeout: 30_000 }, () => {
  it('creates an organisation, shows its code, adds and removes a member (French)', async () => {
    await i18n.changeLanguage('fr');
    const { calls, members } = admin();
    const user = userEvent.setup();
    renderApp('/admin/organisations');
    expect((await screen.findByTestId('organisations-empty', {}, { timeout: 10_000 })).textContent).toBe(
      'Aucune organisation pour le moment.',
    );
    const form = screen.getByTestId('create-organisation');
    await user.click(within(form).getByRole('button', { name: "Créer l'organisation" }));
    expect(within(form).getByRole('alert').textContent).toBe(
      "Saisissez le nom de l'organisation (2 caractères au moins).",
    );
    await user.type(within(form).getByLabelText('Nom'), 'Coopérative de la Mitidja');
    await user.selectOptions(within(form).getByLabelText('Type'), 'Coopérative');
    await user.click(within(form).getByRole('button', { name: "Créer l'organisation" }));
    const card = await screen.findByTestId('organisation', {}, { timeout: 10_000 });
    expect(within(card).getByTestId('access-code').textContent).toBe('MITI2345');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Coopérative de la Mitidja',
      type: 'cooperative',
    });

    // The same name again is refused in words.
    await user.type(within(form).getByLabelText('Nom'), 'coopérative de la mitidja');
    await user.click(within(form).getByRole('button', { name: "Créer l'organisation" }));
    expect((await within(form).findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'Une organisation porte déjà ce nom.',
    );

    await user.click(within(card).getByRole('button', { name: 'Membres' }));
    const panel = await within(card).findByTestId('members', {}, { timeout: 10_000 });
    await user.type(within(panel).getByLabelText('E-mail du compte'), 'amina@example.com');
    await user.click(within(panel).getByRole('button', { name: 'Ajouter le membre' }));
    expect((await within(panel).findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      "Aucun compte Filaha n'a cet e-mail : la personne doit d'abord créer son compte.",
    );
    await user.clear(within(panel).getByLabelText('E-mail du compte'));
    await user.type(within(panel).getByLabelText('E-mail du compte'), 'amina@demo.filaha.dz');
    await user.selectOptions(within(panel).getByLabelText('Rôle'), 'Administrateur');
    await user.click(within(panel).getByRole('button', { name: 'Ajouter le membre' }));
    const member = await within(panel).findByTestId('member', {}, { timeout: 10_000 });
    expect(member.textContent).toContain('Amina');
    expect(member.textContent).toContain('Administrateur');

    await user.click(within(member).getByRole('button', { name: 'Retirer' }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain("Amina ne verra plus l'organisation ni ses parcelles.");
    await user.click(within(dialog).getByRole('button', { name: 'Retirer' }));
    await waitFor(() => expect(within(panel).queryByTestId('member')).toBeNull());
    expect(members.get(1)).toEqual([]);
  });
});

describe('/user/organisations/:id', { timeout: 30_000 }, () => {
  const COOP: OrganisationDetail = {
    id: 3,
    name: 'Coopérative de la Mitidja',
    type: 'cooperative',
    accessCode: 'MITI2345',
    myRole: 'agronomist',
    members: 1,
    parcels: 1,
    ownParcels: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    memberList: [
      {
        userId: 5,
        userName: 'Karim',
        email: 'k@demo.filaha.dz',
        role: 'agronomist',
        addedAt: '2026-11-01T10:00:00.000Z',
      },
    ],
  };
  const PARCELS: OrganisationParcel[] = [
    {
      id: 11,
      name: 'Blé dur — Mouzaïa',
      areaHa: 12.5,
      crop: null,
      farmer: { id: 7, userName: 'Yacine' },
      farmerContact: null,
      grantedAt: '2026-11-20T09:00:00.000Z',
    },
  ];

  it("shows a member the granted parcels and the members, without the admins' form (Arabic)", async () => {
    await i18n.changeLanguage('ar');
    localStorage.setItem('Token', 'jwt.farmer');
    stubContracts(
      {
        'GET /organisations/:id': () => reply(200, COOP),
        'GET /organisations/:id/parcels': () => reply(200, PARCELS),
        'GET /organisations/:id/imports': () => reply(200, []),
      },
      {
        'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
        'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: 'User' })),
      },
    );
    renderApp('/user/organisations/3');
    const page = await screen.findByTestId('organisation-page', {}, { timeout: 10_000 });
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Coopérative de la Mitidja');
    expect(page.textContent).toContain('تعاونية · دورك: مهندس فلاحي');
    const parcel = await within(page).findByTestId('org-parcel', {}, { timeout: 10_000 });
    expect(parcel.textContent).toContain('Blé dur — Mouzaïa');
    expect(parcel.textContent).toContain('Yacine · 12,5 هكتار · ممنوحة في 20 نوفمبر 2026');
    await within(page).findByTestId('member', {}, { timeout: 10_000 });
    expect(within(page).queryByRole('button', { name: 'إضافة العضو' })).toBeNull();
    expect(within(page).queryByRole('button', { name: 'إزالة' })).toBeNull();
  });

  it('says so when the organisation is not theirs (French)', async () => {
    await i18n.changeLanguage('fr');
    localStorage.setItem('Token', 'jwt.farmer');
    stubContracts(
      { 'GET /organisations/:id': () => json(404, { code: 'NOT_FOUND', message: 'x' }) },
      {
        'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
        'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: 'User' })),
      },
    );
    renderApp('/user/organisations/99');
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      "Cette organisation n'existe pas ou vous n'en êtes pas membre.",
    );
  });
});
