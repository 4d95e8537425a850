import { catalogueActionlet } from './define.js';

export const resetWorkflow = catalogueActionlet({
  className: 'ResetTaskActionlet',
  name: 'Reset Workflow',
  howTo:
    'Moves the content back to the first step of its workflow scheme, whatever the next step of the action is, and skips the sub-actions after it.',
  run: async (context) => {
    await context.workflow.resetToFirstStep();
    context.stopProcessing();
  },
});
