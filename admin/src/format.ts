const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(epochMs: number): string {
  return dateFormat.format(epochMs);
}

export function formatDateTime(epochMs: number): string {
  return dateTimeFormat.format(epochMs);
}

export function formatCount(count: number): string {
  return count.toLocaleString();
}
