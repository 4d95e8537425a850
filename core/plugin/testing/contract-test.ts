/**
 * What the contract suites need of a test runner: tap's `Test`, as far as they use it. The suites
 * are written against this shape rather than against tap, so that a driver package runs them with
 * whatever it has (tap's `t` fits as it is) and the service needs no test runner at run time.
 *
 * The assertions mean what tap means by them: `same` is deep equality that ignores prototypes and
 * loosely compares scalars, `strictSame` is deep equality with `===`, `match` passes when every
 * member the pattern names matches (a RegExp tests a string, a class tests `instanceof`), and
 * `rejects` passes when the promise rejects with an error matching `expected` (its members, as
 * `match` compares them). An assertion that fails marks the test failed; it need not throw.
 */
export interface ContractTest {
  /** A subtest: `body` runs with its own `ContractTest`; subtests of one test run one after another. */
  test(name: string, body: (t: ContractTest) => Promise<void>): unknown;
  /** Runs `fn` when the test ends, passed or failed (what a test opened is closed there). */
  teardown(fn: () => unknown): unknown;
  equal(actual: unknown, expected: unknown, ...message: Message): unknown;
  not(actual: unknown, expected: unknown, ...message: Message): unknown;
  ok(value: unknown, ...message: Message): unknown;
  pass(...message: Message): unknown;
  same(actual: unknown, expected: unknown, ...message: Message): unknown;
  strictSame(actual: unknown, expected: unknown, ...message: Message): unknown;
  match(actual: unknown, pattern: unknown, ...message: Message): unknown;
  /** Passes when the promise rejects, with an error matching `expected` when it is given. */
  rejects(
    promise: Promise<unknown>,
    ...expectedAndMessage: Message | [expected: ErrorPattern] | [expected: ErrorPattern, message: string]
  ): Promise<unknown>;
}

/** An assertion's message, which may be left out. */
type Message = [] | [message: string];

/** What a rejection's error must have: its catalogue `code`, or its `message` (a RegExp tests the message). */
type ErrorPattern =
  RegExp | { code: string; [member: string]: unknown } | { message: string | RegExp; [member: string]: unknown };
