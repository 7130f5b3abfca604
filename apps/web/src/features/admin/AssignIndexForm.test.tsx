import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, reply, stubContracts, type ContractStubs } from '../../../test/fetch.ts';
import type { Assignment, IndexRow } from './types.ts';
import { AssignIndexForm } from './AssignIndexForm.tsx';
import { planDetails, renderAdmin } from './testing.tsx';
import { indexRow } from '../../../test/fixtures.ts';

const plan = (id: number, nameAbonnement: string, prices: string) =>
  planDetails({ id, nameAbonnement, nameClient: 'x', prices });
const plans = [plan(1, 'Basic', '1'), plan(2, 'Standard', '2')];
const indices: IndexRow[] = [indexRow(10, 'NDVI'), indexRow(11, 'NDMI')];
const links: Assignment[] = [
  { AbonnementId: 1, IndiceId: 10, nombre_de_requete: 6, nameAbonnement: 'Basic', indiceName: 'Indice NDVI' },
];

function stub(post: ContractStubs['POST /abonnementIndice'] = () => reply(201, { ...links[0]!, AbonnementId: 2 })) {
  return stubContracts(
    {
      'GET /indice': () => reply(200, indices),
      'GET /abonnementIndice': () => reply(200, links),
      'POST /abonnementIndice': post,
    },
    { 'GET /api/abonnement/details': () => json(200, plans) },
  );
}
const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);
/** The selects fill once the three lists have loaded. */
async function ready() {
  const index = await screen.findByLabelText('المؤشر');
  await waitFor(() => expect(options(index)).toContain('Indice NDMI'));
  await waitFor(() => expect(options(screen.getByLabelText('العرض'))).toContain('Standard'));
  return index;
}

describe('assign an index to a plan', () => {
  it('defaults to 6 requests and hides the plans that already have the chosen index', async () => {
    stub();
    const user = userEvent.setup();
    renderAdmin(<AssignIndexForm />);
    const requests = (await screen.findByLabelText('عدد الطلبات')) as HTMLInputElement;
    expect(requests.value).toBe('6');
    const index = await ready();
    const plan = screen.getByLabelText('العرض');
    await user.selectOptions(index, '10');
    expect(options(plan)).toEqual(['— اختر —', 'Standard']);
    await user.selectOptions(screen.getByLabelText('المؤشر'), '11');
    expect(options(plan)).toEqual(['— اختر —', 'Basic', 'Standard']);
  });

  it('refuses a request count that is not an integer of at least 1, then sends a valid one', async () => {
    const { calls } = stub();
    const user = userEvent.setup();
    renderAdmin(<AssignIndexForm />);
    await user.selectOptions(await ready(), '11');
    await user.selectOptions(screen.getByLabelText('العرض'), '1');
    const requests = screen.getByLabelText('عدد الطلبات');
    for (const bad of ['0', '2.5', '-3']) {
      await user.clear(requests);
      await user.type(requests, bad);
      await user.click(screen.getByRole('button', { name: 'إسناد' }));
      expect(await screen.findByText('أدخل عددًا صحيحًا بين 1 و100000.')).toBeTruthy();
    }
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.clear(requests);
    await user.type(requests, '8');
    await user.click(screen.getByRole('button', { name: 'إسناد' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      IndiceId: 11,
      AbonnementId: 1,
      nombre_de_requete: 8,
    });
  });

  it("shows the SPEC's duplicate message when the server answers 409 assignment_exists", async () => {
    stub(() =>
      json(409, {
        code: 'CONFLICT',
        message: 'x',
        issues: [{ path: 'IndiceId', code: 'assignment_exists', message: 'conflict.assignmentExists' }],
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<AssignIndexForm />);
    await user.selectOptions(await ready(), '11');
    await user.selectOptions(screen.getByLabelText('العرض'), '2');
    await user.click(screen.getByRole('button', { name: 'إسناد' }));
    expect(await screen.findByText('هذا الإسناد موجود مسبقًا: المؤشر مُسند إلى هذا العرض.')).toBeTruthy();
  });
});
