/**
 * The people and machine clients the sandbox knows. One list, used by the identity provider (login,
 * client credentials), by the database seed (users table, `me`) and by permission checks.
 */
export type Role = 'technician' | 'viewer';

export interface Organization {
  id: number;
  name: string;
  domain: string;
}

export interface SeedUser {
  id: number;
  email: string;
  name: string;
  /** Plain text only here, for the demo logins the README prints; stored hashed (scrypt). */
  password: string;
  role: Role;
}

export interface ApiClient {
  clientId: string;
  clientSecret: string;
  /** The user this key acts as (API keys belong to a user in the real service). */
  userId: number;
  role: Role;
}

export const ORGANIZATION: Organization = { id: 1, name: 'Example Aerospace', domain: 'example.com' };

export const USERS: readonly SeedUser[] = [
  {
    id: 1,
    email: 'technician@example.com',
    name: 'Taylor Technician',
    password: 'technician',
    role: 'technician',
  },
  { id: 2, email: 'viewer@example.com', name: 'Vic Viewer', password: 'viewer', role: 'viewer' },
];

export const API_CLIENTS: readonly ApiClient[] = [
  { clientId: 'technician-key', clientSecret: 'technician-secret', userId: 1, role: 'technician' },
  { clientId: 'viewer-key', clientSecret: 'viewer-secret', userId: 2, role: 'viewer' },
];

/** The browser app: a public client (PKCE, no secret) with refresh tokens. */
export const APP_CLIENT_ID = 'floor-app';
export const APP_SCOPES = 'openid profile email offline_access';
/** Paths on an allowed origin that the app uses as redirect URIs. */
export const APP_REDIRECT_PATH = '/auth/callback';
export const APP_POST_LOGOUT_PATH = '/';

export function canAttach(role: Role): boolean {
  return role === 'technician';
}
