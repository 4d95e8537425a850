import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * A modal dialog on the native `<dialog>`: the browser keeps focus inside it, Escape closes it,
 * and the page behind is inert. Focus returns to what opened it when it closes.
 */
export function Modal(props: { title: string; onClose: () => void; children: ComponentChildren; id: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.showModal();
    return () => opener?.focus();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${props.id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        props.onClose();
      }}
    >
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      {props.children}
    </dialog>
  );
}
