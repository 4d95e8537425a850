import { catalogueActionlet } from './define.js';
import { optional } from './param.js';

export const reindexContent = catalogueActionlet({
  className: 'ReindexContentActionlet',
  name: 'Reindex content',
  howTo:
    'Reindexes the content in the search index. indexPolicy says whether the action waits: DEFER (no wait), ' +
    'WAIT_FOR (until the change is searchable) or FORCE (refresh the index now).',
  parameters: [optional('indexPolicy', 'Index policy (DEFER, WAIT_FOR or FORCE)')],
  run: (context) => context.reindex(context.params.indexPolicy),
});
