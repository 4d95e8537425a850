import t from 'tap';
import { CmsError } from '../../../core/errors/index.js';
import {
  MAX_OUTPUT_BYTES,
  MAX_TEMPLATE_BYTES,
  renderCondition,
  renderTemplate,
} from '../../../core/workflow/render-template.js';

const context = () => ({
  content: { title: 'Spring sale', body: '<p>Hi</p>', tags: ['a', 'b', 'c'], count: 3, published: false },
  user: { email: 'editor@cms.com', firstName: 'Ed' },
  big: 'x'.repeat(600 * 1024),
});

t.test('renders', async (t) => {
  const cases: Array<[string, string, string]> = [
    ['plain text', 'Hello, world', 'Hello, world'],
    ['empty', '', ''],
    ['shorthand reference', 'Title: $content.title', 'Title: Spring sale'],
    ['formal reference', 'Title: ${content.title}!', 'Title: Spring sale!'],
    ['user field', '$user.email', 'editor@cms.com'],
    ['any content field', '$content.count/$content.body', '3/<p>Hi</p>'],
    ['#if', '#if($content.count > 2)many#else few#end', 'many'],
    ['#if on a false field', '#if($content.published)yes#{else}no#end', 'no'],
    ['#elseif', '#if($content.count == 1)one#elseif($content.count == 3)three#end', 'three'],
    ['#foreach', '#foreach($t in $content.tags)$t#if($foreach.hasNext),#end#end', 'a,b,c'],
    ['#set', '#set($n = $content.count * 2)$n', '6'],
    ['range', '#foreach($i in [1..3])$i#end', '123'],
    [
      'missing reference prints its source',
      'Dear $user.lastName $nobody ${nothing.here}',
      'Dear $user.lastName $nobody ${nothing.here}',
    ],
    ['quiet reference prints nothing', '[$!user.lastName]', '[]'],
    ['comments (a line comment takes its newline)', 'a## line comment\nb#* block *#c', 'abc'],
  ];
  for (const [name, template, expected] of cases) t.equal(renderTemplate(template, context()), expected, name);
});

t.test("does not write into the caller's context", async (t) => {
  const ctx = context();
  renderTemplate('#set($content.title = "changed")$content.tags.indexOf("a")', ctx);
  t.equal(ctx.content.title, 'Spring sale');
  t.notOk('eval' in ctx.content.tags, 'velocityjs adds eval to objects it calls methods on');
});

t.test('refuses invalid templates with CmsError WORKFLOW_TEMPLATE_INVALID', async (t) => {
  const cases: Array<[string, string, RegExp]> = [
    ['#if without a condition', '#if(', /could not be parsed: .*Parse error on line 1/s],
    ['#foreach without a list', '#foreach($x in)', /could not be parsed/],
    ['#set without a value', '#set($x = )', /could not be parsed/],
    ['block without #end', '#if(true)x', /blocks and #end do not match/],
    ['nested block without #end', '#foreach($a in [1])#if(true)x#end', /blocks and #end do not match/],
    ['stray #end', 'a#end b', /blocks and #end do not match/],
    ['endless macro recursion', '#macro(f)#f()#end#f()', /failed while rendering/],
    ['template too long', 'x'.repeat(MAX_TEMPLATE_BYTES + 1), /longer than 65536 bytes/],
    ['template too long in UTF-8 bytes', 'é'.repeat(MAX_TEMPLATE_BYTES / 2 + 1), /longer than 65536 bytes/],
    ['output too large', '$big$big', /output is larger than 1048576 bytes/],
    ['output too large from a loop', '#foreach($i in [1..2])$big#end', /output is larger/],
    ['output too large from a method', '$content.title.repeat(1000000)', /output is larger/],
    ['huge range', '#foreach($i in [1..100000000])#end', /range has more than/],
    ['too many steps', '#foreach($i in [1..2000])#foreach($j in [1..2000])#end#end', /more than 1000000 steps/],
    [
      'array growth',
      '#set($a = [1..50000])#set($a = $a.concat($a))#set($a = $a.concat($a))',
      /method call returned more than/,
    ],
  ];
  for (const [name, template, message] of cases) {
    t.throws(() => renderTemplate(template, context()), CmsError, name);
    try {
      renderTemplate(template, context());
    } catch (error) {
      t.equal((error as CmsError).code, 'WORKFLOW_TEMPLATE_INVALID', `${name}: code`);
      t.match((error as Error).message, message, `${name}: message`);
      t.match((error as Error).message, /^The template is not valid: /, `${name}: message prefix`);
    }
  }
});

t.test('accepts a template and output right at the limits', async (t) => {
  t.equal(renderTemplate('x'.repeat(MAX_TEMPLATE_BYTES), {}).length, MAX_TEMPLATE_BYTES);
  t.equal(renderTemplate('$s', { s: 'y'.repeat(MAX_OUTPUT_BYTES) }).length, MAX_OUTPUT_BYTES);
});

t.test('renderCondition: sent unless the output is exactly false', async (t) => {
  const cases: Array<[string, boolean]> = [
    ['', true],
    ['true', true],
    ['false', false],
    ['  false \n', false],
    ['FALSE', true],
    ['false!', true],
    ['not false', true],
    ['$content.published', false],
    ['#if($user.email == "editor@cms.com")false#end', false],
    ['#if($user.email == "other@cms.com")false#end', true],
    ['$missing', true],
  ];
  for (const [template, expected] of cases)
    t.equal(renderCondition(template, context()), expected, JSON.stringify(template));
  t.throws(() => renderCondition('#if(', context()), CmsError, 'a broken condition is an error, not a decision');
});

t.test('a template parsed once renders the same on every later use, whatever an earlier render did', async (t) => {
  const template =
    '#macro(shout $s)$s.toUpperCase()#end#set($content.title = "changed")#shout($user.firstName) $content.title';
  t.equal(renderTemplate(template, context()), 'ED changed');
  t.equal(renderTemplate(template, context()), 'ED changed', 'the reused parse is intact');
  const other = { ...context(), user: { firstName: 'Al' } };
  t.equal(renderTemplate(template, other), 'AL changed', 'rendered with the new context');
});

t.test('an edited template is the one rendered on its next use', async (t) => {
  t.equal(renderTemplate('Subject: $content.title', context()), 'Subject: Spring sale');
  t.equal(renderTemplate('Re: $content.title', context()), 'Re: Spring sale');
  t.equal(renderTemplate('Subject: $content.title', context()), 'Subject: Spring sale');
});

t.test('a refused template is refused again on every use', async (t) => {
  for (let i = 0; i < 2; i++)
    t.throws(() => renderTemplate('#if(true)x', context()), { code: 'WORKFLOW_TEMPLATE_INVALID' }, `use ${i + 1}`);
});

t.test('renders from a copy of the context: shared and circular parts, dates and odd keys included', async (t) => {
  const tags = ['a', 'b'];
  const loop: Record<string, unknown> = { name: 'loop' };
  loop.self = loop;
  const values = JSON.parse('{"__proto__": {"polluted": "yes"}, "plain": "p"}') as Record<string, unknown>;
  const ctx = { content: { tags, again: tags, loop, when: new Date(0), values } };
  t.equal(
    renderTemplate(
      '#set($ok = $content.tags.add("c"))$content.again.size() $content.loop.self.name $content.when.getTime() $content.values.plain',
      ctx,
    ),
    '3 loop 0 p',
  );
  t.same(tags, ['a', 'b'], "the caller's array is untouched");
  t.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype was polluted');
  t.throws(
    () => renderTemplate('$f', { f: () => 'x' }),
    { code: 'WORKFLOW_TEMPLATE_INVALID' },
    'a function is refused as before',
  );
});
