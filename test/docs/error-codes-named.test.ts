import t from 'tap';
import { sourceLines } from '../helpers/source-lines.js';

t.test('throw sites name catalogue entries, never a bare code', async (t) => {
  const offenders = sourceLines((file) => file.startsWith('core/errors/'))
    .filter(
      ({ line }) =>
        // A CmsError is made from an entry of Errors (or a variable holding one), never from a string.
        /new CmsError\(\s*['"`]/.test(line) ||
        // Details are made with detail(Errors.x, ...): a literal errorCode would bypass the catalogue.
        /errorCode:\s*['"`]/.test(line),
    )
    .map(({ where, line }) => `${where}: ${line.trim()}`);
  t.same(offenders, []);
});
