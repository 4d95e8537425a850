import type { ComponentChildren } from 'preact';
import { Empty } from '../components/status.js';
import { formatCount } from '../format.js';

/**
 * A chart with its figures as a table: the canvas is hidden from screen readers, the table is
 * what they read (and what anyone reads who opens "Figures").
 */
export function Figure(props: {
  id: string;
  title: string;
  heads: [string, string];
  rows: Array<[string, number]>;
  children: ComponentChildren;
}) {
  return (
    <figure class="panel" aria-labelledby={`${props.id}-caption`} data-chart={props.id}>
      <figcaption id={`${props.id}-caption`}>{props.title}</figcaption>
      {props.children}
      {props.rows.length > 0 && (
        <details>
          <summary>Figures</summary>
          <table>
            <thead>
              <tr>
                <th scope="col">{props.heads[0]}</th>
                <th scope="col">{props.heads[1]}</th>
              </tr>
            </thead>
            <tbody>
              {props.rows.map(([name, count]) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>{formatCount(count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}

/** A ranking as horizontal bars: each row says its name and count in text, the bar is decoration. */
export function TopList(props: { title: string; empty: string; items: Array<{ name: string; count: number }> }) {
  const max = Math.max(1, ...props.items.map((i) => i.count));
  return (
    <section class="panel" aria-label={props.title}>
      <h2>{props.title}</h2>
      {props.items.length === 0 ? (
        <Empty>{props.empty}</Empty>
      ) : (
        <ol class="top">
          {props.items.map((item) => (
            <li key={item.name}>
              <span class="name" title={item.name}>
                {item.name}
              </span>
              <span class="count">{formatCount(item.count)}</span>
              <span class="bar" aria-hidden="true" style={{ width: `${(item.count / max) * 100}%` }} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
