import { catalogueActionlet } from './define.js';
import { enqueuePush } from './push-job.js';

/**
 * NOTE: the original takes its environments from the fire's push-publish dialog; there is none
 * here and the catalogue gives it no parameters, so it pushes to every environment (use Push Now
 * to name them).
 */
export const pushPublish = catalogueActionlet({
  className: 'PushPublishActionlet',
  name: 'Push Publish',
  howTo:
    'Once the action has completed, pushes the content (every live language version, its binaries and its content type) to every endpoint of every push publishing environment; an item left unpublished is unpublished there.',
  run: (context) => enqueuePush(context, null, false),
});
