// Writes the API reports of the package's public entry points from their declarations:
// docs/kit.api.md for the plugin kit (`cms/plugin`) and docs/kit-testing.api.md for the contract
// suites (`cms/plugin/testing`), every export with its signature: `npm run kit-api`. The reports
// make every change of the plugins' API visible in review; test/plugins/kit-api.test.ts fails
// while one is stale. --check writes nothing and exits 1 when one is stale; --stdout prints them
// instead; --json prints them as one JSON object by specifier; --entry=cms/plugin/testing limits
// the run to one entry point. The declarations of every entry are written by one compilation.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Each public entry point of the package, with its report: the kit, and the contract suites plugins' tests run. */
export const ENTRIES = [
  { specifier: 'cms/plugin', source: 'core/plugin/kit.ts', report: 'kit' },
  { specifier: 'cms/plugin/testing', source: 'core/plugin/testing/index.ts', report: 'kit-testing' },
];
const reportPath = (entry) => join(ROOT, 'docs', `${entry.report}.api.md`);

/**
 * The reports the entries' declarations give now, as text by specifier. The declarations are
 * written as a plugin author's `npm install` gets them (only the kit and what it reaches), into a
 * folder of their own, by one compilation of every entry.
 */
export function currentReports(entries) {
  const dir = mkdtempSync(join(tmpdir(), 'cms-kit-api-'));
  try {
    const out = join(dir, 'dist');
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/typescript/bin/tsc'),
        ...entries.map((entry) => entry.source),
        ...['--declaration', '--emitDeclarationOnly', '--skipLibCheck', '--strict'],
        ...['--module', 'nodenext', '--target', 'es2022', '--types', 'node'],
        ...['--rootDir', ROOT, '--outDir', out],
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return new Map(entries.map((entry) => [entry.specifier, reportOf(entry, dir, out)]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The API report of one entry, from the declarations in `out`, made in `dir`. */
function reportOf(entry, dir, out) {
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: ROOT,
      mainEntryPointFilePath: join(out, entry.source.replace(/\.ts$/, '.d.ts')),
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            module: 'nodenext',
            moduleResolution: 'nodenext',
            target: 'es2022',
            types: ['node'],
            skipLibCheck: true,
            strict: true,
          },
          files: [join(out, entry.source.replace(/\.ts$/, '.d.ts'))],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: entry.report,
        reportFolder: join(dir, 'report'),
        reportTempFolder: join(dir, 'temp'),
        // A type the kit's signatures name without exporting it is flagged where it is named
        // (ae-forgotten-export), not copied in: the report is the kit's own names.
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        extractorMessageReporting: {
          default: { logLevel: 'none' },
          'ae-forgotten-export': { logLevel: 'none', addToApiReportFile: true },
        },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: undefined,
    packageJsonFullPath: join(ROOT, 'package.json'),
  });
  const problems = [];
  Extractor.invoke(config, {
    localBuild: false,
    messageCallback: (message) => {
      // The report itself is read from its temporary folder below: what it says of the folder it compares with does not matter.
      const aboutReportFolder = String(message.messageId).startsWith('console-api-report');
      if (!aboutReportFolder && (message.logLevel === 'error' || message.logLevel === 'warning'))
        problems.push(message.formatMessageWithoutLocation(ROOT));
      message.handled = true;
    },
  });
  if (problems.length > 0)
    throw new Error(`The API report of ${entry.specifier} could not be made:\n${problems.join('\n')}`);
  // A warning about a member of a declared object names its file: named from the package's root,
  // not the temporary folder, so the report is the same wherever it is made.
  return readFileSync(join(dir, 'temp', `${entry.report}.api.md`), 'utf8').replaceAll(`${out}/`, '');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.find((arg) => arg.startsWith('--entry='))?.slice('--entry='.length);
  const entries = ENTRIES.filter((e) => only === undefined || e.specifier === only);
  const reports = currentReports(entries);
  if (process.argv.includes('--json')) process.stdout.write(JSON.stringify(Object.fromEntries(reports)));
  for (const entry of process.argv.includes('--json') ? [] : entries) {
    const report = reports.get(entry.specifier);
    const file = reportPath(entry);
    if (process.argv.includes('--stdout')) {
      process.stdout.write(report);
    } else if (process.argv.includes('--check')) {
      if (!existsSync(file) || readFileSync(file, 'utf8') !== report) {
        console.error(
          `docs/${entry.report}.api.md is not what ${entry.specifier} declares: run \`npm run kit-api\` and review the change.`,
        );
        process.exitCode = 1;
      }
    } else {
      writeFileSync(file, report);
    }
  }
}
