import t from 'tap';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Errors } from '../../core/errors/index.js';
import { renderErrorsDoc } from '../../host/docs/render-errors-doc.js';
import { renderConfigurationDoc } from '../../host/docs/render-configuration-doc.js';

const docs = (name: string) => readFileSync(fileURLToPath(new URL(`../../docs/${name}`, import.meta.url)), 'utf8');

t.test('docs/errors.md is what the catalogue says', async (t) => {
  t.equal(docs('errors.md'), renderErrorsDoc(), 'docs/errors.md is stale: run npm run docs');
});

t.test('docs/configuration.md is what the property declarations say', async (t) => {
  t.equal(docs('configuration.md'), await renderConfigurationDoc(), 'docs/configuration.md is stale: run npm run docs');
});

t.test('the catalogue: every code once, a meaning for each, placeholders well formed', async (t) => {
  const entries = Object.values(Errors);
  t.equal(new Set(entries.map((e) => e.code)).size, entries.length);
  for (const entry of entries) {
    t.ok(entry.meaning.trim().length > 10, `${entry.code} says what it means`);
    t.notMatch(entry.message, /\$\{|\{\s|\{\}/, `${entry.code}: placeholders are {name}`);
  }
  t.match(
    renderErrorsDoc(),
    /\| `WORKFLOW_ACTION_NOT_AVAILABLE` \| 400 \| The Workflow Action \[\{action\}\] is not available/,
  );
});
