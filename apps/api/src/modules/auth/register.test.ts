import { eq, userSellerRoles, users } from '@filaha/db';
import { describe, expect, it } from 'vitest';
import { json, useTestApp, validRegistration } from '../../../test/helper.ts';

const t = useTestApp();

interface ErrorBody {
  code: string;
  message: string;
  issues?: Array<{ path: string; code: string; message: string }>;
}

const register = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.current.inject({ method: 'POST', url: '/api/auth/register', payload, headers });

async function expectIssue(payload: Record<string, unknown>, path: string) {
  const res = await register(payload);
  expect(res.statusCode, res.body).toBe(400);
  const body = json<ErrorBody>(res);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.issues?.map((i) => i.path)).toContain(path);
  return body;
}

describe('POST /api/auth/register', () => {
  it('creates a farmer (201) with a hashed password', async () => {
    const payload = validRegistration({ email: `Farmer.${Date.now()}@Test.Filaha.dz` });
    const res = await register(payload);
    expect(res.statusCode, res.body).toBe(201);
    const body = json<{ message: string; user: Record<string, unknown> }>(res);
    expect(body.message).toMatch(/تم إنشاء حسابك/);
    expect(body.user).toMatchObject({
      email: String(payload.email).toLowerCase(),
      userName: 'Karim Benali',
      phoneNumber: '0550123456',
      wilaya: 16,
      wilayaName: { fr: 'Alger', ar: 'الجزائر' },
      roleName: 'User',
      role_id: 2,
      profilePicture: 'profile.jpg',
    });
    expect(body.user.user_id).toBe(body.user.id);
    const [row] = await t.current.database.db
      .select()
      .from(users)
      .where(eq(users.id, Number(body.user.id)));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain('secret-pass-1');
  });

  it('answers in French when asked', async () => {
    const res = await register(validRegistration(), { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(res.statusCode).toBe(201);
    expect(json<{ message: string }>(res).message).toBe('Votre compte a été créé avec succès.');
  });

  it('creates an investor from role id 4 and from the earlier product\'s "Investor" text', async () => {
    for (const role_id of [4, 'Investor']) {
      const res = await register(validRegistration({ role_id }));
      expect(res.statusCode, res.body).toBe(201);
      expect(json<{ user: { roleName: string; role_id: number } }>(res).user).toMatchObject({
        roleName: 'Investor',
        role_id: 4,
      });
    }
  });

  it('creates a seller and their seller role in the same request', async () => {
    const res = await register(validRegistration({ role_id: 6, sellerRole_id: 2 }));
    expect(res.statusCode, res.body).toBe(201);
    const id = json<{ user: { id: number; roleName: string } }>(res).user.id;
    expect(json<{ user: { roleName: string } }>(res).user.roleName).toBe('Seller');
    const links = await t.current.database.db.select().from(userSellerRoles).where(eq(userSellerRoles.userId, id));
    expect(links).toEqual([{ userId: id, sellerRoleId: 2 }]);
  });

  it('ignores a seller role sent with a non-seller role', async () => {
    const res = await register(validRegistration({ role_id: 2, sellerRole_id: 2 }));
    expect(res.statusCode).toBe(201);
    const id = json<{ user: { id: number } }>(res).user.id;
    expect(await t.current.database.db.select().from(userSellerRoles).where(eq(userSellerRoles.userId, id))).toEqual(
      [],
    );
  });

  it('answers 400 EMAIL_TAKEN for a used e-mail, whatever its case', async () => {
    const payload = validRegistration();
    expect((await register(payload)).statusCode).toBe(201);
    const res = await register({ ...payload, email: String(payload.email).toUpperCase() }, { 'accept-language': 'fr' });
    expect(res.statusCode).toBe(400);
    expect(json<ErrorBody>(res)).toEqual({ code: 'EMAIL_TAKEN', message: 'Cet email est déjà utilisé.' });
  });

  it('keeps one account when the same e-mail registers twice at once', async () => {
    const payload = validRegistration();
    const answers = await Promise.all([register(payload), register(payload), register(payload)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
  });

  describe('validation (SPEC §5)', () => {
    it.each([
      ['phone with a non-digit', { phone_number: '0550-12345' }, 'phone_number'],
      ['phone longer than 10 digits', { phone_number: '05501234567' }, 'phone_number'],
      ['empty phone', { phone_number: '' }, 'phone_number'],
      ['wilaya 0', { wilaya: 0 }, 'wilaya'],
      ['wilaya 59', { wilaya: 59 }, 'wilaya'],
      ['missing wilaya', { wilaya: undefined }, 'wilaya'],
      ['missing role', { role_id: undefined }, 'role_id'],
      ['admin role', { role_id: 1 }, 'role_id'],
      ['manager role', { role_id: 3 }, 'role_id'],
      ['malformed e-mail', { email: 'farmer.example.dz' }, 'email'],
      ['missing e-mail', { email: undefined }, 'email'],
      ['short password', { password: 'short' }, 'password'],
      ['password over 128 characters', { password: 'x'.repeat(129) }, 'password'],
      ['missing user name', { userName: '  ' }, 'userName'],
      ['seller without a seller role', { role_id: 6 }, 'sellerRole_id'],
    ])('rejects %s', async (_label, override, path) => {
      await expectIssue(validRegistration(override), path);
    });

    it('rejects a seller role that does not exist', async () => {
      const body = await expectIssue(validRegistration({ role_id: 6, sellerRole_id: 9999 }), 'sellerRole_id');
      expect(body.issues?.[0]?.message).toBe('validation.sellerRole');
    });

    it('lists every problem at once, each with its field and a locale key', async () => {
      const res = await register({ email: 'bad', password: 'x', phone_number: 'abc', wilaya: 99 });
      const body = json<ErrorBody>(res);
      const paths = body.issues?.map((i) => i.path) ?? [];
      expect(paths).toEqual(
        expect.arrayContaining(['email', 'userName', 'password', 'phone_number', 'wilaya', 'role_id']),
      );
      expect(body.issues?.find((i) => i.path === 'phone_number')?.message).toBe('validation.phone');
      expect(body.message).toBe('البيانات المرسلة غير صالحة.');
    });

    it('rejects a body that is not JSON', async () => {
      const res = await t.current.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(res.statusCode).toBe(400);
      expect(json<ErrorBody>(res).code).toBe('VALIDATION_FAILED');
    });
  });
});
