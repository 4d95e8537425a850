import t from 'tap';
import { parseLegacyPath } from '../../../host/legacy-content/legacy-path.js';

t.test('the operation, in any case, followed by its value segment', async (t) => {
  t.same(parseLegacyPath('/save/1').operation, { kind: 'save' });
  t.same(parseLegacyPath('/SAVE/1').operation, { kind: 'save' });
  t.same(parseLegacyPath('/Publish/1/').operation, { kind: 'publish' });
  t.same(parseLegacyPath('/Send%20for%20Review/1').operation, { kind: 'action', name: 'Send for Review' });
  t.same(parseLegacyPath('/wfActionId/b9d89c80/1/1').operation, { kind: 'action', name: 'b9d89c80' }, 'by id');
});

t.test('comments and assignment in any order after the operation, percent-decoded', async (t) => {
  const path = parseLegacyPath('/Review/1/wfActionAssign/user-1/wfActionComments/Looks%20good%2C%20a%2Fb');
  t.same(path, {
    operation: { kind: 'action', name: 'Review' },
    comment: 'Looks good, a/b',
    assign: 'user-1',
    answerType: undefined,
  });
  t.equal(parseLegacyPath('/wfActionComments/first/publish/1').operation.kind, 'publish', 'an option first');
  t.equal(parseLegacyPath('/save/1/type/json').answerType, 'json');
  t.equal(
    parseLegacyPath('/user/me/password/secret/save/1').operation.kind,
    'save',
    'credentials in the path are skipped',
  );
});

t.test('no operation is refused', async (t) => {
  for (const tail of ['', '/', '/save', '/publish/', '/wfActionComments/x', '/save//']) {
    t.throws(() => parseLegacyPath(tail), { code: 'LEGACY_OPERATION_MISSING' }, JSON.stringify(tail));
  }
});
