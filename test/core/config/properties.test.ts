import t from 'tap';
import { Config } from '../../../core/config/config.js';
import { defaultTextOf, defineProperties, readProperties, readProperty } from '../../../core/config/properties.js';
import { StartupError } from '../../../core/errors/index.js';
import { sourceLines } from '../../helpers/source-lines.js';

const DECLARED = defineProperties({
  'a.port': { type: 'int', default: 8080, min: 1, max: 65535, description: 'a port' },
  'a.flag': { type: 'bool', default: false, description: 'a flag' },
  'a.names': { type: 'list', default: ['x', 'y'], description: 'names' },
  'a.mode': { type: 'oneOf', values: ['fast', 'safe'], default: 'safe', description: 'a mode' },
  'a.text': { default: 'hello', description: 'text' },
  'a.optional': { description: 'nothing by default' },
  'a.secret': { secret: true, description: 'a password', validate: (v) => (v.length < 8 ? 'too short' : undefined) },
  INITIAL_ADMIN_PASSWORD: { description: 'read under its plain name too' },
});

t.test('defaults apply; values are read as their declared types', async (t) => {
  const defaults = readProperties(new Config(), DECLARED);
  t.same(defaults, {
    'a.port': 8080,
    'a.flag': false,
    'a.names': ['x', 'y'],
    'a.mode': 'safe',
    'a.text': 'hello',
    'a.optional': undefined,
    'a.secret': undefined,
    INITIAL_ADMIN_PASSWORD: undefined,
  });
  const file = new Map([
    ['a.port', '9000'],
    ['a.flag', 'yes'],
    ['a.names', ' p , ,q '],
    ['a.mode', 'FAST'],
    ['a.text', ''],
  ]);
  const read = readProperties(new Config(file, { CMS_A_PORT: '9100', INITIAL_ADMIN_PASSWORD: 'pw' }), DECLARED);
  t.equal(read['a.port'], 9100, 'the environment wins over the file');
  t.equal(read['a.flag'], true);
  t.same(read['a.names'], ['p', 'q']);
  t.equal(read['a.mode'], 'fast');
  t.equal(read['a.text'], 'hello', 'an empty value means the default');
  t.equal(read.INITIAL_ADMIN_PASSWORD, 'pw', 'plain environment names');
});

t.test('a bad value stops start-up naming the property and the value, never a secret', async (t) => {
  const failing = (entries: Record<string, string>) =>
    t.throws(() => readProperties(new Config(new Map(Object.entries(entries))), DECLARED), StartupError);
  failing({ 'a.port': '70000' });
  failing({ 'a.flag': 'maybe' });
  failing({ 'a.mode': 'slow' });
  t.throws(() => readProperties(new Config(new Map([['a.port', 'abc']])), DECLARED), /a\.port.*"abc".*an integer/);
  const secret = (() => {
    try {
      readProperty(new Config(new Map([['a.secret', 'hunter2']])), 'a.secret', DECLARED['a.secret'], 'plugin x');
    } catch (error) {
      return (error as Error).message;
    }
    return '';
  })();
  t.match(secret, /a\.secret=\(hidden\) is not acceptable to plugin x: too short/);
  t.notMatch(secret, /hunter2/);
  t.throws(() => readProperty(new Config(), 'need', { description: 'needed', required: true }), /need is required/);
});

t.test('the reference shows defaults as they read', async (t) => {
  t.equal(defaultTextOf(DECLARED['a.port']), '`8080`');
  t.equal(defaultTextOf(DECLARED['a.names']), '`x,y`');
  t.equal(defaultTextOf(DECLARED['a.optional']), '(none)');
  t.equal(defaultTextOf({ description: 'd', defaultText: '(random)' }), '(random)');
});

t.test('defaults are declared once: no source reads a property with a default of its own', async (t) => {
  const offenders = sourceLines((file) => file.startsWith('core/config/'))
    .filter(({ line }) => /config\.(string|int|bool|list|oneOf)\([^)]*,/.test(line))
    .map(({ where, line }) => `${where}: ${line.trim()}`);
  t.same(offenders, [], 'read through readProperties and the declaration');
});
