import t from 'tap';
import { canonicalFieldClassName } from '../../../core/plugin/field-type.js';
import { fromOriginalClassName } from '../../../core/plugin/original-class-name.js';

t.test("the original's packages become com.cms.; anything else is kept", async (t) => {
  t.equal(
    fromOriginalClassName('com.dotcms.contenttype.model.type.ImmutableSimpleContentType'),
    'com.cms.contenttype.model.type.ImmutableSimpleContentType',
  );
  t.equal(
    fromOriginalClassName('com.dotmarketing.portlets.workflows.actionlet.PublishContentActionlet'),
    'com.cms.portlets.workflows.actionlet.PublishContentActionlet',
  );
  t.equal(
    fromOriginalClassName('com.cms.portlets.workflows.MessageActionlet'),
    'com.cms.portlets.workflows.MessageActionlet',
  );
  t.equal(fromOriginalClassName('TextField'), 'TextField');
  t.equal(fromOriginalClassName('com.acme.cms.SlugField'), 'com.acme.cms.SlugField');
  t.equal(fromOriginalClassName('com.dotcmsx.Thing'), 'com.dotcmsx.Thing', 'only the whole package name');
});

t.test('field class names of the original are canonical like ours', async (t) => {
  for (const name of [
    'com.dotcms.contenttype.model.field.ImmutableTextField',
    'com.dotcms.contenttype.model.field.TextField',
    'TextField',
  ])
    t.equal(canonicalFieldClassName(name), 'com.cms.contenttype.model.field.ImmutableTextField', name);
});
