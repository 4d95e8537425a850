import t from 'tap';
import { Config } from '../../../core/config/config.js';
import { silentLogger } from '../../../core/logger.js';
import { PLUGIN_API_VERSION } from '../../../core/plugin/plugin.js';
import { PluginRegistry } from '../../../core/plugin/registry.js';
import actionletsPlugin from '../../../plugins/actionlets/index.js';

const PACKAGE = 'com.cms.portlets.workflows.actionlet';

/** [key, required, default]: parameters of one actionlet, in order. */
type Param = [string, boolean, string | null];
const req = (key: string, defaultValue: string | null = null): Param => [key, true, defaultValue];
const opt = (key: string, defaultValue: string | null = null): Param => [key, false, defaultValue];

/** The "Actionlet catalogue" table of the REST interface specification, row by row. */
const CATALOGUE: Array<[name: string, actionClass: string, parameters: Param[]]> = [
  [
    "'Four Eyes' Approval",
    `${PACKAGE}.FourEyeApproverActionlet`,
    [
      req('approvers'),
      req('minimumApprovers', '2'),
      req('emailSubject', 'Multiple Approval Required'),
      opt('emailBody'),
    ],
  ],
  ['Archive content', `${PACKAGE}.ArchiveContentActionlet`, []],
  ['Comment on Workflow', `${PACKAGE}.CommentOnWorkflowActionlet`, [req('comment')]],
  ['Copy Contentlet', `${PACKAGE}.CopyActionlet`, []],
  ['Delete content', `${PACKAGE}.DeleteContentActionlet`, []],
  ['Link Checker', `${PACKAGE}.CheckURLAccessibilityActionlet`, [req('fieldList')]],
  ['Lock content', `${PACKAGE}.CheckoutContentActionlet`, []],
  ['Message', 'com.cms.portlets.workflows.MessageActionlet', [req('users', 'Current User'), req('message')]],
  [
    'Notify Assignee',
    `${PACKAGE}.NotifyAssigneeActionlet`,
    [opt('emailSubject'), opt('emailBody'), opt('isHtml', 'true')],
  ],
  [
    'Notify Users',
    `${PACKAGE}.NotifyUsersActionlet`,
    [req('emails'), opt('emailSubject'), opt('emailBody'), opt('isHtml')],
  ],
  ['Publish content', `${PACKAGE}.PublishContentActionlet`, []],
  ['Push Now', `${PACKAGE}.PushNowActionlet`, [req('environment'), req('force', 'false')]],
  ['Push Publish', `${PACKAGE}.PushPublishActionlet`, []],
  ['Reindex content', `${PACKAGE}.ReindexContentActionlet`, [opt('indexPolicy')]],
  [
    'Require Multiple Approvers',
    `${PACKAGE}.MultipleApproverActionlet`,
    [req('approvers'), opt('emailSubject', 'Multiple Approval Required'), opt('emailBody')],
  ],
  ['Reset Workflow', `${PACKAGE}.ResetTaskActionlet`, []],
  ['Save Draft content', `${PACKAGE}.SaveContentAsDraftActionlet`, []],
  ['Save content', `${PACKAGE}.SaveContentActionlet`, []],
  [
    'Send an Email',
    `${PACKAGE}.EmailActionlet`,
    [
      req('fromEmail'),
      req('fromName'),
      req('toEmail'),
      req('toName'),
      req('emailSubject'),
      req('emailBody'),
      opt('cc'),
      opt('bcc'),
      opt('condition'),
      opt('attachment1'),
      opt('attachment2'),
      opt('attachment3'),
      opt('attachment4'),
      opt('attachment5'),
    ],
  ],
  ['Set Value', `${PACKAGE}.SetValueActionlet`, [req('field'), req('value')]],
  [
    'Translate Content',
    `${PACKAGE}.TranslationActionlet`,
    [req('translateTo', 'all'), req('fieldTypes', 'text,wysiwyg,textarea'), opt('ignoreFields'), req('apiKey')],
  ],
  [
    'Social Status Update',
    `${PACKAGE}.SocialActionlet`,
    [req('consumerKey'), req('consumerSecret'), req('accessToken'), req('accessTokenSecret'), opt('fieldVar')],
  ],
  ['Unarchive content', `${PACKAGE}.UnarchiveContentActionlet`, []],
  ['Unlock content', `${PACKAGE}.CheckinContentActionlet`, []],
  ['Unpublish content', `${PACKAGE}.UnpublishContentActionlet`, []],
];

async function contributions() {
  return actionletsPlugin.setup({ config: new Config(), logger: silentLogger, dataDir: '/nonexistent' });
}

t.test(
  'the plugin registers the 25 actionlets of the catalogue, in its order, and the unlisted Destroy content',
  async (t) => {
    t.equal(actionletsPlugin.name, 'actionlets-builtin');
    t.equal(actionletsPlugin.apiVersion, PLUGIN_API_VERSION);
    const all = (await contributions()).actionlets ?? [];
    const listed = all.filter((a) => a.listed !== false);
    t.equal(listed.length, 25, 'the catalogue holds 25');
    t.strictSame(
      listed.map((a) => a.name),
      CATALOGUE.map(([name]) => name),
    );
    t.strictSame(
      all
        .filter((a) => a.listed === false)
        .map((a) => [a.name, a.actionClass, a.parameters.length, a.unavailableReason]),
      [['Destroy content', `${PACKAGE}.DestroyContentActionlet`, 0, undefined]],
      'only Destroy content (the System Workflow uses it) is left out of the catalogue',
    );
    t.equal(new Set(all.map((a) => a.actionClass)).size, all.length, 'no class name twice');
    const registry = new PluginRegistry();
    registry.add(actionletsPlugin.name, await contributions());
    t.equal(registry.actionlets.keys().length, 26, 'the registry takes them all');
  },
);

t.test('each actionlet matches its row of the catalogue', async (t) => {
  const actionlets = (await contributions()).actionlets ?? [];
  for (const [name, actionClass, parameters] of CATALOGUE) {
    const actionlet = actionlets.find((a) => a.name === name);
    if (!actionlet) {
      t.fail(`${name} is missing`);
      continue;
    }
    t.equal(actionlet.actionClass, actionClass, `${name}: class`);
    t.strictSame(
      actionlet.parameters.map((p) => [p.key, p.required, p.defaultValue]),
      parameters,
      `${name}: parameter keys (in order), required flags and defaults`,
    );
    for (const p of actionlet.parameters) t.ok(p.displayName.trim(), `${name}: ${p.key} has a display name`);
    t.ok(actionlet.howTo.trim().length > 20, `${name}: has a howTo`);
    t.not(actionlet.listed, false, `${name}: is listed`);
  }
});

t.test('Message lives one package level up; the others in the actionlet package', async (t) => {
  const actionlets = (await contributions()).actionlets ?? [];
  const message = actionlets.find((a) => a.name === 'Message')!;
  t.equal(message.actionClass, 'com.cms.portlets.workflows.MessageActionlet');
  for (const a of actionlets.filter((a) => a !== message)) {
    t.match(a.actionClass, /^com\.cms\.portlets\.workflows\.actionlet\.[A-Za-z]+Actionlet$/, a.name);
  }
});

t.test(
  'the parameter objects are the four fields the REST interface shows, what a value names, and secrets',
  async (t) => {
    const actionlets = (await contributions()).actionlets ?? [];
    for (const p of actionlets.flatMap((a) => a.parameters)) {
      const { names, secret, ...shown } = p;
      t.strictSame(Object.keys(shown).sort(), ['defaultValue', 'displayName', 'key', 'required']);
      t.ok(names === undefined || names === 'field', `${p.key}: names`);
      t.ok(secret === undefined || secret === true, `${p.key}: secret`);
    }
    const secrets = actionlets.flatMap((a) => a.parameters.filter((p) => p.secret).map((p) => `${a.name}.${p.key}`));
    t.strictSame(
      secrets.sort(),
      ['Social Status Update.accessTokenSecret', 'Social Status Update.consumerSecret', 'Translate Content.apiKey'],
      'the parameters stored sealed and answered masked',
    );
    const named = actionlets.flatMap((a) => a.parameters.filter((p) => p.names).map((p) => `${a.name}.${p.key}`));
    t.strictSame(named, ['Set Value.field'], 'the parameters checked against the fields of the types');
  },
);
