import cliProgress from 'cli-progress';
import type { ReindexProgress } from '../../core/search/reindexer.js';

/** Where the command shows how far a reindex got. */
export interface ProgressView {
  show(progress: ReindexProgress): void;
  /** Draws the last state and leaves the terminal as it was. */
  end(progress: ReindexProgress): void;
}

type Out = NodeJS.WritableStream & { isTTY?: boolean };

/**
 * A bar on a terminal; elsewhere (a pipe, a log file, CI) one plain line per change, because the
 * bar's cursor movements would be noise there.
 */
export function progressView(out: Out): ProgressView {
  const view = out.isTTY ? barView(out) : lineView(out);
  return {
    // Until the items are counted there is nothing to draw (a bar would read 0/0, 100%).
    show: (progress) => (progress.total > 0 ? view.show(progress) : undefined),
    end: (progress) => view.end(progress),
  };
}

function barView(out: Out): ProgressView {
  const bar = new cliProgress.SingleBar(
    { stream: out, format: 'Reindexing [{bar}] {percentage}% | {value}/{total} items | {duration_formatted}' },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const show = (progress: ReindexProgress) => {
    if (!started) {
      bar.start(progress.total, progress.done);
      started = true;
      return;
    }
    bar.setTotal(progress.total);
    bar.update(progress.done);
  };
  return {
    show,
    end(progress) {
      show(progress);
      bar.stop();
    },
  };
}

function lineView(out: Out): ProgressView {
  let last = '';
  const show = (progress: ReindexProgress) => {
    const line = `reindex: ${progress.done}/${progress.total} items`;
    if (line !== last) out.write(`${line}\n`);
    last = line;
  };
  return { show, end: show };
}
