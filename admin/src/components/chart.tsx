import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'preact/hooks';

const HEIGHT = 240;
const COLOR = '#2563eb';

/**
 * A uPlot chart that follows its container's width. The canvas says nothing to a screen reader:
 * the caller puts the same figures in a table beside it (see `ChartFigure`).
 */
function useChart(make: (width: number) => uPlot.Options, data: uPlot.AlignedData, key: string) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const plot = new uPlot(make(element.clientWidth || 600), data, element);
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [key]);
  return box;
}

const DAY_SECONDS = 86_400;

/**
 * Counts per UTC day over a range: a line with a point for every day from the first to the last,
 * days without any at zero (the summary leaves them out), so the line's shape is the range's.
 */
export function TimeChart(props: { from: number; to: number; days: string[]; counts: number[]; label: string }) {
  const byDay = new Map(props.days.map((day, i) => [Date.parse(`${day}T00:00:00Z`) / 1000, props.counts[i]!]));
  const first = Math.floor(props.from / 1000 / DAY_SECONDS) * DAY_SECONDS;
  const last = Math.floor(props.to / 1000 / DAY_SECONDS) * DAY_SECONDS;
  const xs: number[] = [];
  for (let day = first; day <= last; day += DAY_SECONDS) xs.push(day);
  const counts = xs.map((day) => byDay.get(day) ?? 0);
  const box = useChart(
    (width) => ({
      width,
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        // A single day still gets a readable axis: half a day either side.
        x: {
          time: true,
          range: (_u, min, max) => (min === max ? [min - DAY_SECONDS / 2, max + DAY_SECONDS / 2] : [min, max]),
        },
        y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
      },
      series: [
        {},
        {
          label: props.label,
          stroke: COLOR,
          width: 2,
          fill: 'rgba(37, 99, 235, 0.12)',
          points: { show: xs.length <= 31 },
        },
      ],
      axes: [{}, { size: 50 }],
    }),
    [xs, counts],
    JSON.stringify([xs.length, first, props.days, props.counts]),
  );
  return <div ref={box} class="chart" aria-hidden="true" />;
}

/** Counts per name: vertical bars, the names under them. */
export function BarChart(props: { names: string[]; counts: number[]; label: string }) {
  const xs = props.names.map((_, i) => i);
  const box = useChart(
    (width) => ({
      width,
      height: HEIGHT,
      legend: { show: false },
      cursor: { show: false },
      scales: {
        x: { time: false, range: [-0.5, props.names.length - 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
      },
      series: [
        {},
        {
          label: props.label,
          fill: COLOR,
          stroke: COLOR,
          paths: uPlot.paths.bars!({ size: [0.6, 80] }),
          points: { show: false },
        },
      ],
      axes: [
        {
          splits: () => xs,
          values: (_u, splits) => splits.map((i) => props.names[i] ?? ''),
          // Several long names side by side would overlap: slanted, they fit.
          ...(props.names.length > 3 ? { rotate: -30, size: 90 } : {}),
        },
        { size: 50 },
      ],
    }),
    [xs, props.counts],
    JSON.stringify([props.names, props.counts]),
  );
  return <div ref={box} class="chart" aria-hidden="true" />;
}
