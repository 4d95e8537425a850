/**
 * Rewrites what clients send but the `lucene` parser does not read, before parsing:
 * - single-quoted phrases (`title:'Hello World'`, built by the original's JavaScript client) become
 *   double-quoted ones, with `"` inside escaped and `\'` unescaped;
 * - a `+`, `-` or `!` before a group (`+(a b)`, `-(c)`) gets a placeholder field (`+\u0001:(a b)`),
 *   which the translation reads as a plain group.
 * An apostrophe inside a word (`O'Brien`) or a quote with no closing one is left as it is.
 * `origin[i]` is the offset in the input of output character `i`, to report errors where the user wrote them.
 */
export interface PreprocessedQuery {
  text: string;
  origin: number[];
}

/** The field name given to groups with a `+`/`-`/`!` before them. */
export const GROUP_PLACEHOLDER = '\u0001';

const WHITESPACE = /\s/;
const PREFIX_OPERATORS = new Set(['+', '-', '!']);
/** What may follow the closing quote of a single-quoted phrase. */
const AFTER_PHRASE = /[\s)^~]/;

export function preprocessLucene(input: string): PreprocessedQuery {
  const out: string[] = [];
  const origin: number[] = [];
  const emit = (text: string, at: number) => {
    for (const char of text) {
      out.push(char);
      origin.push(at);
    }
  };
  let termStart = true;
  let afterPrefix = false;
  let i = 0;
  while (i < input.length) {
    const char = input[i] as string;
    if (char === '\\' && i + 1 < input.length) {
      emit(char + (input[i + 1] as string), i);
      i += 2;
      termStart = afterPrefix = false;
      continue;
    }
    if (char === '"') {
      const end = closingDoubleQuote(input, i);
      emit(input.slice(i, end), i);
      i = end;
      termStart = afterPrefix = false;
      continue;
    }
    if (termStart && char === "'") {
      const end = closingSingleQuote(input, i);
      if (end !== -1) {
        emit('"', i);
        for (let j = i + 1; j < end; j++) {
          const inner = input[j] as string;
          if (inner === '\\' && j + 1 < end) {
            const next = input[j + 1] as string;
            emit(next === "'" ? "'" : inner + next, j);
            j++;
          } else emit(inner === '"' ? '\\"' : inner, j);
        }
        emit('"', end);
        i = end + 1;
        termStart = afterPrefix = false;
        continue;
      }
    }
    if (afterPrefix && char === '(') emit(`${GROUP_PLACEHOLDER}:`, i);
    emit(char, i);
    afterPrefix = termStart && PREFIX_OPERATORS.has(char);
    termStart = afterPrefix || WHITESPACE.test(char) || char === '(' || char === ':';
    i++;
  }
  return { text: out.join(''), origin };
}

/** The offset just past the closing `"` of the phrase opening at `from` (or the end of the input). */
function closingDoubleQuote(input: string, from: number): number {
  for (let j = from + 1; j < input.length; j++) {
    if (input[j] === '\\') j++;
    else if (input[j] === '"') return j + 1;
  }
  return input.length;
}

/** The offset of the `'` closing the phrase opening at `from`: one followed by a separator or the end; -1 if none. */
function closingSingleQuote(input: string, from: number): number {
  for (let j = from + 1; j < input.length; j++) {
    if (input[j] === '\\') j++;
    else if (input[j] === "'" && (j + 1 === input.length || AFTER_PHRASE.test(input[j + 1] as string))) return j;
  }
  return -1;
}
