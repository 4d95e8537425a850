import type { ComponentChildren } from 'preact';

/**
 * A labelled control with its hint and error tied to it (`aria-describedby`), so a screen reader
 * reads them with the control and `aria-invalid` marks it.
 */
export function Field(props: {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  children: (described: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ComponentChildren;
}) {
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  const errorId = props.error ? `${props.id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.children({
        id: props.id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(props.error ? { 'aria-invalid': true } : {}),
      })}
      {props.hint && (
        <p id={hintId} class="hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} class="error">
          {props.error}
        </p>
      )}
    </div>
  );
}
