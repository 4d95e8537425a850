// velocityjs ships an ESM build (its `import` condition) and CommonJS-shaped types; named imports of
// `parse` and `Compile` resolve under both tsc NodeNext and tap's loader, where a default import's
// type and runtime shapes would differ.
import { Compile, parse } from 'velocityjs';
import { CmsError, Errors } from '../errors/index.js';
import { ParsedTemplates } from './parsed-templates.js';

/** Templates longer than this (UTF-8 bytes) are refused before parsing. */
export const MAX_TEMPLATE_BYTES = 64 * 1024;
/** Output longer than this (UTF-8 bytes) is refused. */
export const MAX_OUTPUT_BYTES = 1024 * 1024;
/** Largest `[a..b]` range, and largest array or string a method call may return. */
const MAX_ITEMS = 100_000;
/** Source characters of the parsed templates kept for reuse (see ParsedTemplates). */
const MAX_CACHED_CHARS = 1024 * 1024;
/** AST nodes visited, in total: bounds loops whose bodies print nothing. */
const MAX_STEPS = 1_000_000;
/** Characters produced at every nesting level, in total: bounds loops whose output is large. */
const MAX_WORK_CHARS = 16 * MAX_OUTPUT_BYTES;

type Ast = NonNullable<Parameters<Compile['renderAstList']>[0]>;
type Node = Ast[number];

/** Internals of velocityjs 2 (mixed into Compile, absent from its types) that the budget wraps. */
const internals = Compile.prototype as unknown as {
  getArray(this: Compile, literal: unknown): unknown;
  getPropMethod(this: Compile, property: unknown, baseRef: unknown, ast: unknown): unknown;
};
if (typeof internals.getArray !== 'function' || typeof internals.getPropMethod !== 'function') {
  // Fail at start rather than run templates unbounded after a velocityjs upgrade.
  throw new Error('velocityjs internals changed: getArray/getPropMethod not found');
}

/** A budget was exceeded; its message is the problem, completing "The template is not valid: …". */
class TemplateLimitError extends Error {}

/**
 * Velocity's renderer with a work budget. Checking the output only at the end would let a nested
 * `#foreach` or `[1..999999999]` burn CPU and memory first, so each rendered list, range and method
 * result is checked as it is produced.
 */
class BoundedCompile extends Compile {
  private steps = 0;
  private produced = 0;

  override renderAstList(asts?: Ast, contextId?: string): string {
    this.steps += 1 + (asts?.length ?? 0);
    if (this.steps > MAX_STEPS) throw new TemplateLimitError(`it takes more than ${MAX_STEPS} steps`);
    const out = super.renderAstList(asts, contextId);
    this.produced += out.length;
    // A UTF-16 length is never more than the UTF-8 byte length, so this never refuses early.
    if (out.length > MAX_OUTPUT_BYTES || this.produced > MAX_WORK_CHARS) throw outputTooLarge();
    return out;
  }

  /** `[a..b]`: velocityjs materialises the whole range, so its size is checked first. */
  getArray(literal: { isRange?: boolean; value: unknown[] }): unknown {
    if (literal.isRange !== true) return internals.getArray.call(this, literal);
    const [begin, end] = literal.value.map((v) =>
      Number(typeof v === 'string' || typeof v === 'number' ? v : this.getReferences(v as Node)),
    );
    if (!Number.isInteger(begin) || !Number.isInteger(end)) return [];
    if (Math.abs(end! - begin!) >= MAX_ITEMS) throw new TemplateLimitError(`a range has more than ${MAX_ITEMS} items`);
    const step = begin! <= end! ? 1 : -1;
    return Array.from({ length: Math.abs(end! - begin!) + 1 }, (_, i) => begin! + i * step);
  }

  /** Templates may call JavaScript methods (`$s.repeat(n)`, `$a.concat($a)`); their results are bounded. */
  getPropMethod(property: unknown, baseRef: unknown, ast: unknown): unknown {
    const result = internals.getPropMethod.call(this, property, baseRef, ast);
    if (typeof result === 'string' && result.length > MAX_OUTPUT_BYTES) throw outputTooLarge();
    if (Array.isArray(result) && result.length > MAX_ITEMS)
      throw new TemplateLimitError(`a method call returned more than ${MAX_ITEMS} items`);
    return result;
  }
}

function outputTooLarge(): TemplateLimitError {
  return new TemplateLimitError(`its output is larger than ${MAX_OUTPUT_BYTES} bytes`);
}

/**
 * velocityjs accepts unbalanced blocks silently: a stray `#end` drops the rest of the template and a
 * block without `#end` repeats its body. Wrapped in one more block, a balanced template parses to
 * exactly one top-level node; the newline keeps a trailing `##` comment from swallowing the `#end`.
 */
function isBalanced(template: string): boolean {
  try {
    return parse(`#if(true)${template}\n#end`).length === 1;
  } catch {
    return true; // the plain parse succeeded; the wrapper cannot judge this one, so do not refuse it
  }
}

/** Parses a template and checks it before any rendering; throws what `renderTemplate` documents. */
function parseChecked(template: string): Ast {
  if (Buffer.byteLength(template, 'utf8') > MAX_TEMPLATE_BYTES)
    throw invalid(`it is longer than ${MAX_TEMPLATE_BYTES} bytes`);
  let ast: Ast;
  try {
    ast = parse(template);
  } catch (error) {
    throw invalid(`it could not be parsed: ${messageOf(error)}`, error);
  }
  if (!isBalanced(template)) throw invalid('its #if/#foreach/#macro/#define blocks and #end do not match');
  return ast;
}

const parsed = new ParsedTemplates<Ast>(MAX_CACHED_CHARS);

function invalid(problem: string, cause?: unknown): CmsError {
  return new CmsError(Errors.WORKFLOW_TEMPLATE_INVALID, { problem }, { cause });
}

/**
 * Renders a Velocity template: `$content.title`, `${content.title}`, `$user.email`, `#if`,
 * `#foreach`, `#set`. An undefined reference prints its own source text (`$content.nope`), Velocity's
 * default, so a typo shows in the output instead of vanishing; write `$!content.nope` for nothing.
 * Values are inserted as they are, without HTML escaping. The context is copied first (it must be
 * structured-cloneable plain data) because velocityjs writes into objects it calls methods on.
 * A template is parsed and checked once and reused while it stays in use (see ParsedTemplates).
 *
 * @throws CmsError (WORKFLOW_TEMPLATE_INVALID) when the template is too long, does not
 * parse, fails while rendering, or exceeds the work or output budget.
 */
export function renderTemplate(template: string, context: Record<string, unknown>): string {
  const ast = parsed.get(template, parseChecked);
  let output: string;
  try {
    output = new BoundedCompile(ast).render(copyOf(context, new Map()) as Record<string, unknown>, {});
  } catch (error) {
    if (error instanceof TemplateLimitError) throw invalid(error.message, error);
    throw invalid(`it failed while rendering: ${messageOf(error)}`, error);
  }
  if (Buffer.byteLength(output, 'utf8') > MAX_OUTPUT_BYTES) throw invalid(outputTooLarge().message);
  return output;
}

/**
 * A deep copy of the context, so that nothing a template does (`#set`, velocityjs marking objects it
 * calls methods on) reaches the caller's objects. Plain objects and arrays, what contexts are made
 * of, are copied here: `structuredClone` cost far more per render, more than the render itself.
 * Anything else goes through `structuredClone`, which copies what it can and refuses the rest
 * (functions) as before. Shared and circular references stay so in the copy, as with `structuredClone`.
 */
function copyOf(value: unknown, copies: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) return typeof value === 'function' ? structuredClone(value) : value;
  const done = copies.get(value);
  if (done !== undefined) return done;
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    copies.set(value, copy);
    for (const item of value) copy.push(copyOf(item, copies));
    return copy;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    const copy = structuredClone(value);
    copies.set(value, copy);
    return copy;
  }
  const copy: Record<string, unknown> = {};
  copies.set(value, copy);
  for (const key of Object.keys(value)) {
    const item = copyOf((value as Record<string, unknown>)[key], copies);
    // NOTE: assigned, a key `__proto__` (a parsed JSON value may hold one) would set the prototype.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy;
}

/** Send an Email's condition: the mail is sent unless the template prints `false` (trimmed). */
export function renderCondition(template: string, context: Record<string, unknown>): boolean {
  return renderTemplate(template, context).trim() !== 'false';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
