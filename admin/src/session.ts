import { api } from './api.js';
import type { CurrentUser } from './model.js';

/** Who is signed in, or null: read from the service, which knows the session cookie (it is HttpOnly). */
export async function currentUser(): Promise<CurrentUser | null> {
  try {
    return await api<CurrentUser>('GET', '/api/v1/users/current', undefined, { quiet401: true });
  } catch (error) {
    if ((error as { status?: number }).status === 401) return null;
    throw error;
  }
}

export async function signIn(email: string, password: string, rememberMe: boolean): Promise<void> {
  await api('POST', '/api/v1/authentication', { user: email, password, rememberMe }, { quiet401: true });
}

/** Ends the session and the "remember me" cookie on the service. */
export async function signOut(): Promise<void> {
  await api('GET', '/api/v1/logout', undefined, { quiet401: true });
}
