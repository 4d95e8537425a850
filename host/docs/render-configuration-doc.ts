import { environmentNameOf, plainEnvironmentNamesOf } from '../../core/config/config.js';
import { defaultTextOf, type PropertyDeclarations } from '../../core/config/properties.js';
import type { PluginDescriptor } from '../../core/plugin/plugin.js';
import { BUILTIN_PLUGINS } from '../plugins/builtin-plugins.js';
import { HOST_PROPERTIES } from '../settings/settings-properties.js';

const INTRODUCTION = `# Configuration reference

<!-- Written by \`npm run docs\` from the property declarations (host/settings/settings-properties.ts and each
built-in plugin's); a test fails when it is stale. -->

The service reads a Java-style properties file and the environment. The file is
\`cms.properties\` in the data directory, or the file named by \`CMS_CONFIG\`. Every property
\`a.b.c\` can be overridden by the environment variable \`CMS_A_B_C\` (upper case, every run of
characters other than letters and digits becomes \`_\`). The environment always wins over the file.
A few settings are also read under a plain name, because the spec and the usual platforms name
them so; the tables list them.

A value that cannot be read (a word where a number belongs, a plugin name that no plugin provides)
stops start-up with a message naming the property, the value (never the value of a secret) and
where it was set (\`cms.properties line 3\`, \`environment variable PORT\`), and a non-zero exit code.
A list property set to nothing (\`auth.schemes=\`) is refused when its default is not empty, rather
than quietly meaning the default; unset, the default applies.

Names are checked too. A property nobody declares, under a prefix that the service or a loaded
plugin uses (\`storage.\`, \`http.\`, \`auth.\`, ...), stops start-up:

\`\`\`
cms: unknown property storage.drivr in cms.properties line 3 — did you mean storage.driver?
\`\`\`

So does a near miss of a declared name whatever its prefix (\`plugin=\`, \`INITIAL_ADMIN_PASWORD\`). In
the environment, only \`CMS_\` variables are looked at, the same way (\`CMS_STORAGE_DRIVR\`): other
variables belong to the system and to other programs. Names under other prefixes are left alone,
so one file can serve other tools. \`config.strict=false\` turns these refusals into warnings.

## Environment only

| Variable | Default | Meaning |
|---|---|---|
| \`CMS_DATA_DIR\` | \`./data\` | Data directory: the SQLite database, uploaded files, the mail outbox, \`cms.properties\`. Created when missing. |
| \`CMS_CONFIG\` | \`<data dir>/cms.properties\` | Properties file to read instead. It may set \`data.dir\` when \`CMS_DATA_DIR\` is not set. |
`;

/** Sections in the order they are listed, with what is said after each table. */
const GROUPS: ReadonlyArray<{ name: string; after?: string }> = [
  { name: 'Configuration' },
  { name: 'HTTP' },
  { name: 'WebSocket' },
  { name: 'Plugins' },
  {
    name: 'Storage',
    after: `Migrations are applied at start-up on both drivers; several processes starting at once against
one MySQL database take turns (a database lock guards the migration).

On SQLite, writes that arrive while one is running are committed together (group commit): each
request's changes are still all-or-nothing, and no request is answered before its changes are on
disk. The flush to disk runs beside the next writes, off the thread that answers requests; a change
is visible to reads from its commit, a moment before that flush ends. Each process keeps content types, fields, languages and workflow definitions in memory and
checks a version token in the database on every save and fire, so a change made through any process
is used by all of them at once. Changing those tables by hand in SQL bypasses the token: restart the
service after doing so.`,
  },
  { name: 'Search' },
  { name: 'Analytics' },
  {
    name: 'Uploads',
    after:
      'A file written for a save that is then refused (or rolled back) is removed again at once; files that no content references any more are removed by the periodic sweep.',
  },
  { name: 'Authentication' },
  { name: 'Content access' },
  { name: 'Mail' },
  {
    name: 'Jobs',
    after:
      'Mail and other side effects of workflow actions run as durable jobs: what is guaranteed, and the REST endpoints for administrators, in [jobs.md](jobs.md).',
  },
  {
    name: 'Push publishing',
    after:
      'Endpoint keys are stored sealed by the encryptor `encryptor.implementation` names, by default with the installation key, `<data dir>/secrets.key`: back it up apart from the database. Pushes reach private-network addresses (loopback, RFC 1918, link-local…) only when `push.allowed.addresses` lists them, checked on the address connected to. See `docs/push-publishing.md`.',
  },
  {
    name: 'Workflow',
    after:
      'Every outbound call of a plugin (Link Checker, Social Status Update, the translation provider of Translate Content) has the timeout, the size limit and the user agent `cms/<version>`. The links Link Checker follows may not reach private-network addresses (checked on the address connected to) unless `link.checker.allow.private` is set; the translation base URL likewise unless `translation.google.allow.private` is. The X API base URL is set by the administrator and is called wherever it points.',
  },
];

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Every property the service and its built-in plugins declare, with who declares it. */
export async function declaredProperties(): Promise<PropertyDeclarations> {
  const all: Record<string, PropertyDeclarations[string]> = { ...HOST_PROPERTIES };
  for (const source of BUILTIN_PLUGINS) {
    const descriptor = ((await import(source.url)) as { default: PluginDescriptor }).default;
    Object.assign(all, descriptor.properties ?? {});
  }
  return all;
}

/** `docs/configuration.md`: the reference, written from the declarations. */
export async function renderConfigurationDoc(): Promise<string> {
  const properties = Object.entries(await declaredProperties());
  const sections = [INTRODUCTION];
  for (const group of GROUPS) {
    const rows = properties.filter(([, d]) => (d.group ?? 'Plugins') === group.name);
    if (rows.length === 0) continue;
    const lines = [`## ${group.name}`, '', '| Property | Environment | Default | Meaning |', '|---|---|---|---|'];
    for (const [key, declaration] of rows) {
      const names = [environmentNameOf(key), ...plainEnvironmentNamesOf(key)].map((n) => `\`${n}\``).join(', ');
      lines.push(`| \`${key}\` | ${names} | ${cell(defaultTextOf(declaration))} | ${cell(declaration.description)} |`);
    }
    if (group.after) lines.push('', group.after);
    sections.push(lines.join('\n') + '\n');
  }
  const grouped = new Set(GROUPS.map((g) => g.name));
  const stray = properties.filter(([, d]) => d.group !== undefined && !grouped.has(d.group)).map(([key]) => key);
  if (stray.length) throw new Error(`Properties in a section the reference does not list: ${stray.join(', ')}`);
  return sections.join('\n');
}
