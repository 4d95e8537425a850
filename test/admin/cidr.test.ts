import t from 'tap';
import { isCidr } from '../../admin/src/cidr.js';
import { NetworkRange } from '../../core/auth/network-range.js';

const accepted = [
  '10.0.0.0/8',
  '192.168.1.7/32',
  '0.0.0.0/0',
  ' 172.16.0.0/12 ',
  '::1/128',
  '2001:db8::/32',
  'fe80::1:2:3:4/64',
  '1:2:3:4:5:6:7:8/64',
  '::ffff:10.0.0.0/104',
  '1:2:3:4:5:6:10.0.0.1/128',
  '::/0',
];
const refused = [
  '',
  '10.0.0.0',
  '10.0.0/8',
  '10.0.0.0/33',
  '10.0.0.256/8',
  '010.0.0.0/8',
  '10.0.0.0/8/8',
  '10.0.0.0/-1',
  '10.0.0.0/ 8',
  '2001:db8::/129',
  '2001:db8:::1/64',
  '1::2::3/64',
  '1:2:3:4:5:6:7:8:9/64',
  '1:2:3:4:5:6:7/64',
  'g::1/64',
  '::ffff:10.0.0/104',
  'example.com/24',
];

t.test('the form accepts what the service accepts as Allow Network, and refuses what it refuses', async (t) => {
  const service = (text: string) => {
    try {
      NetworkRange.parse(text);
      return true;
    } catch {
      return false;
    }
  };
  for (const text of accepted) {
    t.ok(isCidr(text), `accepted: ${JSON.stringify(text)}`);
    t.ok(service(text), `the service accepts it too: ${JSON.stringify(text)}`);
  }
  for (const text of refused) {
    t.notOk(isCidr(text), `refused: ${JSON.stringify(text)}`);
    t.notOk(service(text), `the service refuses it too: ${JSON.stringify(text)}`);
  }
});
