import { json, type Handler } from './fetch.ts';
import { myRoleAnswer, profileAnswer } from './fixtures.ts';

/**
 * Signs Karim in, a farmer (user 5, role User), and returns the answers every signed-in screen may ask: his
 * profile (the start-up check, which carries his role) and his role alone (the check's fallback when the profile
 * cannot be read; app/restoreSession.ts). Spread into a test's table of raw answers (stubApi, stubContracts).
 */
export function signInFarmer(): Record<string, Handler> {
  localStorage.setItem('Token', 'jwt.farmer');
  return {
    'GET /api/roles/my-role': () => json(200, myRoleAnswer('User')),
    'GET /api/users/profile': () => json(200, profileAnswer({ id: 5, userName: 'Karim', roleName: 'User' })),
  };
}

/** The API's answer to Karim's registration (POST /auth/register): 201 with his new farmer account. */
export function registeredAnswer(): Response {
  return json(201, {
    message: 'registered',
    user: {
      id: 9,
      user_id: 9,
      userName: 'Karim',
      email: 'karim@example.dz',
      phoneNumber: '0550123456',
      wilaya: 16,
      wilayaName: null,
      roleName: 'User',
      role_id: 2,
      profilePicture: null,
      created_at: '2025-01-01T00:00:00.000Z',
    },
  });
}
