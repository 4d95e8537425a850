// ISO 8601 date and time with a UTC offset, as the tracker writes it (`2025-06-09T14:30:00+02:00`);
// seconds and fractions may be left out, `Z` stands for +00:00. A time without an offset is refused:
// without it the visitor's local time cannot be placed on the UTC time line.
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Whether `text` is a local time with its UTC offset that names a real instant (no 31 February, no
 * hour 25). The text is stored as sent; this only decides whether it is accepted.
 */
export function isLocalTimeWithOffset(text: string): boolean {
  if (!LOCAL_TIME.test(text)) return false;
  // Date.parse rolls nothing over for ISO strings: an impossible date or time gives NaN…
  if (Number.isNaN(Date.parse(text))) return false;
  // …except day 29-31 of a shorter month, which V8 accepts; compare the date with the calendar's.
  // Every month has 28 days: most times need no calendar (this runs for every event of a batch).
  const day = Number(text.slice(8, 10));
  if (day <= 28) return true;
  const [year, month] = text.slice(0, 7).split('-').map(Number) as [number, number];
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
