/** The session cookie's name: the one the original's servlet container uses, so cookie-aware clients need no change. */
export const SESSION_COOKIE_NAME = 'JSESSIONID';
