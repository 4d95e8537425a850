/** One `key=value` of a properties file, with the line it starts on (1-based) for messages. */
export interface PropertyLine {
  key: string;
  value: string;
  line: number;
}

/**
 * Parses the text of a Java-style properties file, the format installers of the original already
 * know: `key=value`, `key: value` or `key value`; `#` and `!` start comments; a trailing backslash
 * continues the value on the next line; `\n`, `\t`, `\uXXXX` and escaped separators are decoded.
 * A key set twice keeps its last value, as Java's reader does.
 */
export function parseProperties(text: string): Map<string, string> {
  return new Map(parsePropertyLines(text).map(({ key, value }) => [key, value]));
}

/** The entries of a properties file in order, each with the line it starts on. */
export function parsePropertyLines(text: string): PropertyLine[] {
  const result: PropertyLine[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const start = i + 1;
    let line = lines[i]!.replace(/^\s+/, '');
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    while (endsWithContinuation(line) && i + 1 < lines.length) {
      line = line.slice(0, -1) + lines[++i]!.replace(/^\s+/, '');
    }
    if (endsWithContinuation(line)) line = line.slice(0, -1);
    const [rawKey, rawValue] = splitKeyValue(line);
    result.push({ key: unescape(rawKey), value: unescape(rawValue), line: start });
  }
  return result;
}

function endsWithContinuation(line: string): boolean {
  let backslashes = 0;
  for (let i = line.length - 1; i >= 0 && line[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 1;
}

function splitKeyValue(line: string): [string, string] {
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '=' || c === ':' || c === ' ' || c === '\t' || c === '\f') {
      let j = i;
      while (j < line.length && /[ \t\f]/.test(line[j]!)) j++;
      if (c === ' ' || c === '\t' || c === '\f') {
        if (line[j] === '=' || line[j] === ':') j++;
      } else {
        j = i + 1;
      }
      while (j < line.length && /[ \t\f]/.test(line[j]!)) j++;
      return [line.slice(0, i), line.slice(j)];
    }
  }
  return [line, ''];
}

function unescape(s: string): string {
  return s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, esc: string) => {
    if (esc.length === 5) return String.fromCharCode(parseInt(esc.slice(1), 16));
    switch (esc) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case 'f':
        return '\f';
      default:
        return esc;
    }
  });
}
