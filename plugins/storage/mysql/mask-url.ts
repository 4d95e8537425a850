/** The connection URL as it may be shown (start-up line, messages): the password replaced by `***`. */
export function maskUrlPassword(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Unparseable: mysql2 will refuse it; showing it could show a password.
    return 'mysql://(unreadable URL)';
  }
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}
