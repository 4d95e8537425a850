/** The session cookie's name: the one the original's servlet container uses, so cookie-aware clients need no change. */
export const SESSION_COOKIE_NAME = 'JSESSIONID';
/** The auto-login cookie set by a sign-in with `rememberMe`: a signed token (see `TokenService`). */
export const ACCESS_TOKEN_COOKIE_NAME = 'access_token';
