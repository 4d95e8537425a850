import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';

export interface Tab {
  id: string;
  label: string;
}

/**
 * The WAI-ARIA tabs pattern: one tab stop for the list, arrow keys (and Home/End) move between
 * tabs and select them, the panel is labelled by its tab.
 */
export function Tabs(props: {
  label: string;
  tabs: readonly Tab[];
  selected: string;
  onSelect: (id: string) => void;
  children: ComponentChildren;
}) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent) => {
    const index = props.tabs.findIndex((t) => t.id === props.selected);
    const last = props.tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % props.tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % props.tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const id = props.tabs[next]!.id;
    props.onSelect(id);
    list.current?.querySelector<HTMLElement>(`#tab-${id}`)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={props.label} class="tabs" ref={list} onKeyDown={move}>
        {props.tabs.map((tab) => {
          const selected = tab.id === props.selected;
          return (
            <button
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              key={tab.id}
              aria-selected={selected}
              aria-controls={`panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => props.onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`panel-${props.selected}`} aria-labelledby={`tab-${props.selected}`} tabIndex={0}>
        {props.children}
      </div>
    </>
  );
}
