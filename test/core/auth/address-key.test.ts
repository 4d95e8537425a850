import t from 'tap';
import { addressKey } from '../../../core/auth/address-key.js';

t.test('IPv4 addresses count one by one; IPv6 per /64; mapped IPv4 as IPv4', async (t) => {
  t.equal(addressKey('192.0.2.7'), '192.0.2.7');
  t.equal(addressKey('::ffff:192.0.2.7'), '192.0.2.7');
  t.equal(addressKey('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
  t.equal(addressKey('2001:DB8:1:2::9'), '2001:db8:1:2::/64', 'same /64, written another way');
  t.equal(addressKey('2001:0db8:0001:0002:ffff::1'), '2001:db8:1:2::/64', 'leading zeros');
  t.equal(addressKey('2001:db8::1'), '2001:db8:0:0::/64', ':: in the prefix');
  t.equal(addressKey('::1'), '0:0:0:0::/64');
  t.equal(addressKey('fe80::1%eth0'), 'fe80:0:0:0::/64', 'zone left out');
  t.equal(addressKey('64:ff9b::192.0.2.7'), '64:ff9b:0:0::/64', 'an embedded IPv4 part');
});

t.test('anything else is kept as given, cut to a bounded length', async (t) => {
  t.equal(addressKey(''), '');
  t.equal(addressKey('unknown'), 'unknown');
  t.equal(addressKey('x'.repeat(500)).length, 64);
});
