import { describe, expect, it } from 'vitest';
import { hasRoleAccess, mayAccess, requireAccess, toRoleName } from './access.ts';
import { ForbiddenError, NotFoundError } from './errors.ts';

const farmer = { actor: { id: 7, role: 'User' as const } };
const manager = { actor: { id: 2, role: 'Manager' as const } };
const admin = { actor: { id: 1, role: 'Admin' as const } };

describe('the access policy', () => {
  it("lets an owner act on their own target and nobody's else, unless their role grants it", () => {
    expect(mayAccess(farmer, 'parcel', 'read', 7)).toBe(true);
    expect(mayAccess(farmer, 'parcel', 'read', 8)).toBe(false);
    expect(mayAccess(manager, 'parcel', 'read', 8)).toBe(true);
    expect(mayAccess(manager, 'parcel', 'delete', 8)).toBe(false);
    expect(mayAccess(admin, 'parcel', 'delete', 8)).toBe(true);
    // Generating images is the owner's only, whatever the role.
    expect(mayAccess(admin, 'parcelImagery', 'write', 8)).toBe(false);
    expect(mayAccess(manager, 'parcelImagery', 'read', 8)).toBe(true);
    // Only the admin reads another farmer's stored images; the manager does not.
    expect(mayAccess(manager, 'imageHistory', 'read', 8)).toBe(false);
    expect(mayAccess(admin, 'imageHistory', 'read', 8)).toBe(true);
  });

  it('grants nothing for an action the table does not list, and role-only rules ignore ownership', () => {
    expect(mayAccess(admin, 'farmConfig', 'delete', 1)).toBe(false);
    expect(mayAccess(farmer, 'userList', 'read', 7)).toBe(false);
    expect(hasRoleAccess(manager, 'userList', 'read')).toBe(true);
    expect(hasRoleAccess(farmer, 'parcel', 'read')).toBe(false);
  });

  it('refuses with 403, or with 404 where the target must stay unknown', () => {
    expect(() => requireAccess(farmer, 'subscription', 'read', { ownerId: 8 })).toThrow(ForbiddenError);
    expect(() => requireAccess(farmer, 'subscription', 'read', { ownerId: 8, hide: true })).toThrow(NotFoundError);
    expect(() => requireAccess(farmer, 'subscription', 'read', { ownerId: 7, hide: true })).not.toThrow();
  });

  it('types role names read from the database and refuses an unknown one', () => {
    expect(toRoleName('Seller')).toBe('Seller');
    expect(() => toRoleName('Root')).toThrow(/unknown role/);
  });
});
