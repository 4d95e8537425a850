import type { ComponentChildren } from 'preact';
import { BASE, navigate } from '../router.js';

/**
 * A real link (it opens in a new tab, and keyboard users reach it with Tab) that moves between
 * screens without reloading the page when clicked plainly.
 */
export function Link(props: { to: string; children: ComponentChildren; class?: string; current?: boolean }) {
  return (
    <a
      href={BASE + props.to}
      class={props.class}
      aria-current={props.current ? 'page' : undefined}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(props.to);
      }}
    >
      {props.children}
    </a>
  );
}
