import { contentOperationActionlet } from './define.js';

/**
 * The System Workflow's Destroy action. Not part of the public catalogue (the spec lists 25), but the
 * built-in workflow needs it: it removes every version of the item in every language.
 */
export const destroyContent = {
  ...contentOperationActionlet({
    className: 'DestroyContentActionlet',
    name: 'Destroy content',
    howTo: 'Removes every version of the content in every language, with its workflow tasks. This cannot be undone.',
    operation: 'destroy',
  }),
  listed: false,
};
