import t from 'tap';
import { AddressAllowList } from '../../../host/outbound/address-allow-list.js';
import {
  isPrivateAddress,
  isRefusedAddress,
  literalAddress,
  resolveAllowedAddress,
} from '../../../host/outbound/address-guard.js';

/** Addresses that reach, or may reach, the installation's own network, and why. */
const PRIVATE: ReadonlyArray<[string, string]> = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback, end of the block'],
  ['10.1.2.3', 'RFC 1918'],
  ['172.16.0.1', 'RFC 1918'],
  ['192.168.1.1', 'RFC 1918'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['0.0.0.0', 'unspecified (this host)'],
  ['0.1.2.3', 'this network'],
  ['224.0.0.1', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.1', 'documentation'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['fe80::1', 'link-local'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['ff02::1', 'multicast'],
  ['fec0::1', 'site-local (deprecated)'],
  ['::7f00:1', 'IPv4-compatible 127.0.0.1'],
  ['::a00:1', 'IPv4-compatible 10.0.0.1'],
  ['::127.0.0.1', 'IPv4-compatible, dotted'],
  ['::a9fe:a9fe', 'IPv4-compatible 169.254.169.254'],
  ['::808:808', 'IPv4-compatible, even of a public address'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hexadecimal'],
  ['::ffff:10.0.0.1', 'IPv4-mapped RFC 1918'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local'],
  ['0:0:0:0:0:ffff:7f00:1', 'IPv4-mapped, written out'],
  ['::ffff:0:7f00:1', 'IPv4-translated (RFC 6145)'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::a00:1', 'NAT64 of RFC 1918'],
  ['64:ff9b::808:808', 'NAT64, even of a public address'],
  ['64:ff9b:1::a00:1', 'local-use NAT64 (RFC 8215)'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['2002:a00:1::1', '6to4 of RFC 1918'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo (client 127.0.0.1)'],
  ['2001:db8::1', 'documentation'],
  ['100::1', 'discard-only'],
  ['4000::1', 'outside global unicast 2000::/3'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['not an address', 'not an address'],
  ['', 'empty'],
];

const PUBLIC = [
  '8.8.8.8',
  '93.184.216.34',
  '1.1.1.1',
  '2606:4700:4700::1111',
  '2a00:1450:4001::200e',
  '::ffff:8.8.8.8',
];

t.test('isPrivateAddress: everything but public unicast is private', async (t) => {
  for (const [address, why] of PRIVATE) t.ok(isPrivateAddress(address), `${address || '(empty)'} (${why})`);
  for (const address of PUBLIC) t.notOk(isPrivateAddress(address), `${address} is public`);
});

t.test('literalAddress: the shorthand IPv4 forms a resolver reads are written out', async (t) => {
  const forms: ReadonlyArray<[string, string | undefined]> = [
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['[::1]', '::1'],
    ['::ffff:7f00:1', '::ffff:7f00:1'],
    ['example.com', undefined],
    ['localhost', undefined],
  ];
  for (const [hostname, expected] of forms) t.equal(literalAddress(hostname), expected, hostname);
});

t.test('resolveAllowedAddress refuses every private form, named or literal', async (t) => {
  const hostnames = [
    ...PRIVATE.filter(([address]) => address && address !== 'not an address').map(([address]) =>
      address.includes(':') ? `[${address}]` : address,
    ),
    '2130706433',
    '0x7f000001',
    '0x7f.1',
    '0177.0.0.1',
    '127.1',
    '0',
    'localhost',
  ];
  for (const hostname of hostnames) {
    await t.rejects(resolveAllowedAddress(hostname, false), { code: 'OUTBOUND_ADDRESS_REFUSED' }, hostname);
  }
  t.equal(await resolveAllowedAddress('8.8.8.8', false), '8.8.8.8');
  t.equal(await resolveAllowedAddress('[2606:4700:4700::1111]', false), '2606:4700:4700::1111');
  t.equal(await resolveAllowedAddress('127.0.0.1', true), '127.0.0.1', 'any address when private ones are allowed');
  t.equal(await resolveAllowedAddress('0x7f.1', true), '127.0.0.1', 'connected to as written out');
});

t.test('AddressAllowList: addresses and ranges, IPv4-mapped forms matched as IPv4', async (t) => {
  const list = AddressAllowList.parse(['127.0.0.1', '10.20.0.0/16', '::1', 'fd00::/8', '::ffff:192.168.0.0/112']);
  for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '10.20.3.4', '::1', 'fd12::5', '192.168.7.7'])
    t.ok(list.has(address), `${address} is listed`);
  for (const address of ['127.0.0.2', '10.21.0.1', '::2', 'fe80::1', '192.169.0.1', '::7f00:1', 'nonsense'])
    t.notOk(list.has(address), `${address} is not`);
  t.ok(AddressAllowList.parse([]).empty);
  t.throws(() => AddressAllowList.parse(['10.0.0.1', 'receiver.internal']), /"receiver\.internal" is neither/);
  t.throws(() => AddressAllowList.parse(['10.0.0.0/33']), /neither an IP address nor a range/);
});

t.test('isRefusedAddress and resolveAllowedAddress with an allow-list: only what it lists', async (t) => {
  const list = AddressAllowList.parse(['127.0.0.1']);
  t.notOk(isRefusedAddress('127.0.0.1', list));
  t.notOk(isRefusedAddress('8.8.8.8', list), 'public addresses stay callable');
  t.ok(isRefusedAddress('169.254.169.254', list));
  t.ok(isRefusedAddress('::7f00:1', list), 'an embedding of a listed address is not the listed address');
  t.equal(await resolveAllowedAddress('127.0.0.1', list), '127.0.0.1');
  t.equal(await resolveAllowedAddress('[::ffff:127.0.0.1]', list), '::ffff:127.0.0.1');
  await t.rejects(resolveAllowedAddress('169.254.169.254', list), {
    code: 'OUTBOUND_ADDRESS_REFUSED',
    message: /not among the allowed ones/,
  });
  await t.rejects(resolveAllowedAddress('[::1]', list), { code: 'OUTBOUND_ADDRESS_REFUSED' });
});
