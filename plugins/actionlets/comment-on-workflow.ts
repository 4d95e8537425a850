import { catalogueActionlet } from './define.js';
import { required } from './param.js';

export const commentOnWorkflow = catalogueActionlet({
  className: 'CommentOnWorkflowActionlet',
  name: 'Comment on Workflow',
  howTo:
    'Adds a comment to the workflow history of the content. The comment is a Velocity template: it may use $content, $user and $workflow.',
  parameters: [required('comment', 'Comment (Velocity template)')],
  run: (context) => context.workflow.addComment(context.render(context.params.comment ?? '')),
});
