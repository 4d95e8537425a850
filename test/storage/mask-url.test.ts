import t from 'tap';
import { maskUrlPassword } from '../../plugins/storage/mysql/mask-url.js';

t.test('the password of a connection URL is never shown', async (t) => {
  t.equal(maskUrlPassword('mysql://cms:s3cr%40t@db.internal:3306/cms'), 'mysql://cms:***@db.internal:3306/cms');
  t.equal(maskUrlPassword('mysql://root@127.0.0.1:3306/cms'), 'mysql://root@127.0.0.1:3306/cms', 'none to mask');
  t.equal(maskUrlPassword('mysql://cms:pw@[::1]:3306/cms?ssl=true'), 'mysql://cms:***@[::1]:3306/cms?ssl=true');
  t.equal(maskUrlPassword('mysql://cms:pw@bad host/x'), 'mysql://(unreadable URL)', 'unreadable: nothing of it');
});
