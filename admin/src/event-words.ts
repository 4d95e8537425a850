/** One frame of the system-events websocket. */
export interface SystemEvent {
  event: string;
  creationDate: number;
  payload?: {
    type?: string;
    data?: { title?: string; identifier?: string; contentType?: string; [k: string]: unknown };
  };
}

/** What happened, by the event's name up to the kind of item (`UN_PUBLISH_PAGE_ASSET` → `Unpublished`). */
const VERBS: ReadonlyArray<[prefix: string, word: string]> = [
  // The longer names first: `UN_PUBLISH` before `PUBLISH` would never be reached otherwise.
  ['UN_PUBLISH', 'Unpublished'],
  ['UN_ARCHIVE', 'Unarchived'],
  ['PUBLISH', 'Published'],
  ['SAVE', 'Saved'],
  ['UPDATE', 'Updated'],
  ['DELETE', 'Deleted'],
  ['ARCHIVE', 'Archived'],
  ['MESSAGE', 'Message'],
];

/** The words a notification shows: what happened, and to which item (for a message, its text). */
export function describe(event: SystemEvent): { what: string; title: string } {
  const name = event.event;
  const verb = VERBS.find(([prefix]) => name === prefix || name.startsWith(`${prefix}_`));
  const what = verb?.[1] ?? name.replace(/_/g, ' ').toLowerCase();
  const data = event.payload?.data;
  const text = (key: string) => (typeof data?.[key] === 'string' && (data[key] as string)) || '';
  const title =
    (event.payload?.type === 'message' && text('message')) ||
    text('title') ||
    text('identifier') ||
    event.payload?.type ||
    '';
  return { what, title };
}
