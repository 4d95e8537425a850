// Writes docs/kit.api.md, the API report of the plugin kit (what `cms/plugin` exports, with every
// signature), from the kit's declarations: `npm run kit-api`. The report makes every change of the
// plugins' API visible in review; test/plugins/kit-api.test.ts fails while it is stale.
// --check writes nothing and exits 1 when the report is stale; --stdout prints the report instead.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPORT_NAME = 'kit';
const REPORT = join(ROOT, 'docs', `${REPORT_NAME}.api.md`);

/**
 * The report the kit's declarations give now, as text. The declarations are written as a plugin
 * author's `npm install` gets them (only the kit and what it reaches), into a folder of their own.
 */
function currentReport() {
  const dir = mkdtempSync(join(tmpdir(), 'cms-kit-api-'));
  try {
    const out = join(dir, 'dist');
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/typescript/bin/tsc'),
        ...['core/plugin/kit.ts', '--declaration', '--emitDeclarationOnly', '--skipLibCheck', '--strict'],
        ...['--module', 'nodenext', '--target', 'es2022', '--types', 'node'],
        ...['--rootDir', ROOT, '--outDir', out],
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const config = ExtractorConfig.prepare({
      configObject: {
        projectFolder: ROOT,
        mainEntryPointFilePath: join(out, 'core/plugin/kit.d.ts'),
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
            files: [join(out, 'core/plugin/kit.d.ts')],
          },
        },
        apiReport: {
          enabled: true,
          reportFileName: REPORT_NAME,
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
    if (problems.length > 0) throw new Error(`The kit's API report could not be made:\n${problems.join('\n')}`);
    return readFileSync(join(dir, 'temp', `${REPORT_NAME}.api.md`), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = currentReport();
  if (process.argv.includes('--stdout')) {
    process.stdout.write(report);
  } else if (process.argv.includes('--check')) {
    if (!existsSync(REPORT) || readFileSync(REPORT, 'utf8') !== report) {
      console.error(
        'docs/kit.api.md is not what the plugin kit declares: run `npm run kit-api` and review the change.',
      );
      process.exit(1);
    }
  } else {
    writeFileSync(REPORT, report);
  }
}
