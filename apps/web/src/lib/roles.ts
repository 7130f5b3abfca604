import { ROLE_HOME, ROLE_NAMES, type RoleName } from '@filaha/shared';
import { isRecord } from './record.ts';

/** Reads a role out of the shapes the API may answer: "User", { role: "User" }, { roleName }, { role: { roleName } }. */
export function parseRole(payload: unknown): RoleName | null {
  if (typeof payload === 'string') {
    return ROLE_NAMES.find((r) => r.toLowerCase() === payload.trim().toLowerCase()) ?? null;
  }
  if (isRecord(payload)) {
    for (const key of ['roleName', 'role', 'name']) {
      if (key in payload) {
        const found = parseRole(payload[key]);
        if (found) return found;
      }
    }
  }
  return null;
}

export function homeOf(role: RoleName): string {
  return ROLE_HOME[role];
}

/** Which area each role may enter; Investor shares the farmer's area (SPEC §1: registered like a farmer). */
export const AREA_ROLES = {
  user: ['User', 'Investor'],
  seller: ['Seller'],
  admin: ['Admin'],
  manager: ['Manager'],
} as const satisfies Record<string, readonly RoleName[]>;
export type AreaName = keyof typeof AREA_ROLES;
