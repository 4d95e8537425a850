// Writes the documents generated from the code (run after `npm run build`): npm run docs
import { writeFileSync } from 'node:fs';
import { renderConfigurationDoc } from '../dist/host/docs/render-configuration-doc.js';
import { renderErrorsDoc } from '../dist/host/docs/render-errors-doc.js';

const documents = [
  { file: 'docs/errors.md', render: renderErrorsDoc },
  { file: 'docs/configuration.md', render: renderConfigurationDoc },
];

for (const { file, render } of documents) {
  writeFileSync(file, await render());
  console.log(`wrote ${file}`);
}
