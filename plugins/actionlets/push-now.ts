import { InvalidError } from '../../core/plugin/kit.js';
import { catalogueActionlet } from './define.js';
import { required } from './param.js';
import { enqueuePush } from './push-job.js';

export const pushNow = catalogueActionlet({
  className: 'PushNowActionlet',
  name: 'Push Now',
  howTo:
    'Once the action has completed, pushes the content to the named push publishing environment(s) (comma-separated); an unchanged item is not sent again unless force is true.',
  parameters: [required('environment', 'Environment(s)'), required('force', 'Force the push', 'false')],
  run: async (context) => {
    const environments = (context.params.environment ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (environments.length === 0) throw new InvalidError('There are no environments to send the bundle');
    await enqueuePush(context, environments, context.params.force?.trim().toLowerCase() === 'true');
  },
});
