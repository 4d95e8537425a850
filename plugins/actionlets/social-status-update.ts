import { unavailableActionlet } from './define.js';
import { optional, required } from './param.js';

export const socialStatusUpdate = unavailableActionlet({
  className: 'SocialActionlet',
  name: 'Social Status Update',
  howTo:
    'Posts a status update to a social network account with the given OAuth credentials; fieldVar names the field whose value is posted.',
  parameters: [
    required('consumerKey', 'Consumer key'),
    required('consumerSecret', 'Consumer secret'),
    required('accessToken', 'Access token'),
    required('accessTokenSecret', 'Access token secret'),
    optional('fieldVar', 'Field holding the status text (variable name)'),
  ],
  needs: 'posting to social networks arrives in a later release',
});
