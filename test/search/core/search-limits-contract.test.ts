import t from 'tap';
import { InvalidError, UnavailableError } from '../../../core/plugin/kit.js';
import { checkResultWindow, searchDeadline } from '../../../core/plugin/search-limits.js';

t.test('checkResultWindow refuses from + size past the limit, naming it', async (t) => {
  checkResultWindow(90, 10, { maxResultWindow: 100 });
  const error = t.throws(() => checkResultWindow(91, 10, { maxResultWindow: 100 })) as InvalidError;
  t.ok(error instanceof InvalidError);
  t.equal(error.code, 'SEARCH_RESULT_WINDOW_TOO_LARGE');
  t.same(error.details, [
    {
      errorCode: 'SEARCH_RESULT_WINDOW_TOO_LARGE',
      message: 'Result window is too large: from + size must not exceed 100 (search.max.result.window)',
      fieldName: 'size',
    },
  ]);
});

t.test('searchDeadline throws SEARCH_TIMED_OUT once the budget is spent, not before', async (t) => {
  let now = 1000;
  const check = searchDeadline({ timeoutMs: 50 }, () => now);
  now = 1050;
  check();
  now = 1051;
  const error = t.throws(() => check()) as UnavailableError;
  t.ok(error instanceof UnavailableError);
  t.equal(error.code, 'SEARCH_TIMED_OUT');
});
