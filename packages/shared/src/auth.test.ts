import { describe, expect, it } from 'vitest';
import { RegisterInput, SignUpForm, UpdateUserInput } from './auth.ts';
import { WILAYAS } from './wilayas.ts';

const base = {
  email: 'Farmer@Example.dz',
  userName: 'Karim',
  password: 'secret-pass-1',
  phone_number: '0550123456',
  wilaya: 16,
  role_id: 2,
};

describe('RegisterInput', () => {
  it('accepts a farmer and normalises the e-mail', () => {
    const r = RegisterInput.parse(base);
    expect(r.email).toBe('farmer@example.dz');
    expect(r.role_id).toBe(2);
  });
  it('maps the earlier product\'s "Investor" text to the investor role id', () => {
    expect(RegisterInput.parse({ ...base, role_id: 'Investor' }).role_id).toBe(4);
  });
  it('rejects phones with non-digits or more than 10 digits', () => {
    expect(RegisterInput.safeParse({ ...base, phone_number: '05501234567' }).success).toBe(false);
    expect(RegisterInput.safeParse({ ...base, phone_number: '0550-12' }).success).toBe(false);
  });
  it('rejects wilaya outside 1..58 and unknown roles', () => {
    expect(RegisterInput.safeParse({ ...base, wilaya: 59 }).success).toBe(false);
    expect(RegisterInput.safeParse({ ...base, wilaya: 0 }).success).toBe(false);
    expect(RegisterInput.safeParse({ ...base, role_id: 1 }).success).toBe(false);
  });
  it('requires a seller role for a seller', () => {
    const r = RegisterInput.safeParse({ ...base, role_id: 6 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['sellerRole_id']);
    expect(RegisterInput.safeParse({ ...base, role_id: 6, sellerRole_id: 1 }).success).toBe(true);
  });
});

describe('SignUpForm', () => {
  it('flags a password mismatch on the confirmation field', () => {
    const r = SignUpForm.safeParse({ ...base, confirmPassword: 'other' });
    expect(r.error?.issues.map((i) => i.message)).toContain('validation.passwordMismatch');
  });
});

describe('WILAYAS', () => {
  it('lists 58 wilayas in official order', () => {
    expect(WILAYAS).toHaveLength(58);
    expect(WILAYAS.find((w) => w.id === 16)?.fr).toBe('Alger');
    expect(WILAYAS.find((w) => w.id === 25)?.fr).toBe('Constantine');
    expect(WILAYAS.find((w) => w.id === 31)?.fr).toBe('Oran');
    expect(WILAYAS[57]?.fr).toBe('El Meniaa');
  });
});

describe('UpdateUserInput.role_id', () => {
  it('takes a number or digits, never a boolean, an array or an oversized id', () => {
    expect(UpdateUserInput.parse({ role_id: 4 }).role_id).toBe(4);
    expect(UpdateUserInput.parse({ role_id: ' 4 ' }).role_id).toBe(4);
    for (const bad of [true, false, [4], '4a', '', 0, -1, 2.5, 2_147_483_648]) {
      expect(UpdateUserInput.safeParse({ role_id: bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
