// Writes the documents generated from the code (run after `npm run build`): npm run docs
import { writeFileSync } from 'node:fs';
import { renderErrorsDoc } from '../dist/host/docs/render-errors-doc.js';

const documents = [{ file: 'docs/errors.md', render: renderErrorsDoc }];

for (const { file, render } of documents) {
  writeFileSync(file, render());
  console.log(`wrote ${file}`);
}
