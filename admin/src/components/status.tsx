import type { ComponentChildren } from 'preact';

/** A request under way: announced to screen readers once, politely. */
export function Loading(props: { what?: string }) {
  return (
    <p class="loading" role="status">
      Loading{props.what ? ` ${props.what}` : ''}…
    </p>
  );
}

/** A request that failed, with a way to try again when one makes sense. */
export function Failure(props: { error: unknown; retry?: () => void }) {
  const message = props.error instanceof Error ? props.error.message : String(props.error);
  return (
    <div class="failure" role="alert">
      <p>{message}</p>
      {props.retry && (
        <button type="button" onClick={props.retry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** Nothing to show: said in words rather than left blank. */
export function Empty(props: { children: ComponentChildren }) {
  return <p class="empty">{props.children}</p>;
}
