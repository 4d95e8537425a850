import { testOnEachStorage, testOnSqlite } from '../helpers/test-app.js';

// Languages read by tag, codes and id, added from a tag or an ISO code, changed, and the default.

testOnEachStorage('languages are added from tags and ISO codes, read back every way, and changed', async (t, s) => {
  const admin = s.basicAuth();
  const call = async (method: string, path: string, body?: unknown) => s.http(method, path, { headers: admin, body });

  const tagged = await call('POST', '/api/v2/languages/fr-CA');
  t.equal(tagged.status, 200, tagged.text);
  t.match(tagged.json.entity, {
    languageCode: 'fr',
    countryCode: 'CA',
    language: 'French',
    country: 'Canada',
    isoCode: 'fr-ca',
    defaultLanguage: false,
  });
  const frCA = tagged.json.entity.id as number;
  const iso = await call('POST', '/api/v2/languages', { isoCode: 'de-AT' });
  t.match(iso.json.entity, { languageCode: 'de', countryCode: 'AT', language: 'German', country: 'Austria' });
  const again = await call('POST', '/api/v2/languages/fr_ca');
  t.match(again.json, { entity: { id: frCA }, messages: [{ message: 'Language already exists.' }] });

  t.equal((await call('GET', '/api/v2/languages/fr-CA')).json.entity.id, frCA, 'by tag');
  t.equal((await call('GET', '/api/v2/languages/fr_ca')).json.entity.id, frCA, 'by tag, either separator and case');
  t.equal((await call('GET', '/api/v2/languages/fr/CA')).json.entity.id, frCA, 'by codes');
  t.equal((await call('GET', `/api/v2/languages/id/${frCA}`)).json.entity.id, frCA, 'by id');
  t.equal((await call('GET', `/api/v2/languages/${frCA}`)).json.entity.id, frCA, 'by id in the tag position');
  t.match((await call('GET', '/api/v2/languages/_getdefault')).json.entity, { id: 1, defaultLanguage: true });

  const renamed = await call('PUT', `/api/v2/languages/${frCA}`, { language: 'Français', country: 'Canada (QC)' });
  t.equal(renamed.status, 200, renamed.text);
  t.match(renamed.json.entity, { id: frCA, languageCode: 'fr', countryCode: 'CA', language: 'Français' });
  const recoded = await call('PUT', `/api/v2/languages/${frCA}`, { isoCode: 'fr-BE' });
  t.match(recoded.json.entity, { languageCode: 'fr', countryCode: 'BE', country: 'Belgium' });
  t.equal((await call('GET', '/api/v2/languages/fr-CA')).status, 404, 'the old codes find nothing');

  const clash = await call('PUT', `/api/v2/languages/${frCA}`, { languageCode: 'de', countryCode: 'AT' });
  t.equal(clash.status, 409);
  t.equal(clash.json.message, `Update Attempt clashes with an existing language with id \`${iso.json.entity.id}\`.`);
});

testOnSqlite('language refusals: unknown ids and tags, missing codes, and a default that stays', async (t, s) => {
  const admin = s.basicAuth();
  const call = async (method: string, path: string, body?: unknown) => s.http(method, path, { headers: admin, body });
  const outcome = async (method: string, path: string, body?: unknown) => {
    const answer = await call(method, path, body);
    return { status: answer.status, code: answer.json?.errors?.[0]?.errorCode, message: answer.json?.message };
  };
  t.match(await outcome('GET', '/api/v2/languages/id/99'), { status: 404, code: 'LANGUAGE_MISSING' });
  t.match(await outcome('GET', '/api/v2/languages/99'), { status: 400, code: 'LANGUAGE_NOT_FOUND' });
  t.match(await outcome('GET', '/api/v2/languages/it-IT'), { status: 404, code: 'LANGUAGE_MISSING' });
  t.match(await outcome('GET', '/api/v2/languages/a.b'), { status: 400, code: 'LANGUAGE_ID_INVALID' });
  t.match(await outcome('POST', '/api/v2/languages/qq-ZZ?strict=true'), { status: 400, code: 'LANGUAGE_TAG_INVALID' });
  t.match(await outcome('POST', '/api/v2/languages', { language: 'Nameless' }), {
    status: 400,
    code: 'LANGUAGE_CODE_REQUIRED',
    message: "Language Code can't be null or empty",
  });
  t.match(await outcome('PUT', '/api/v2/languages/99', { language: 'x' }), {
    status: 404,
    message: 'Language not found',
  });

  const made = await call('POST', '/api/v2/languages/es-ES');
  t.equal(made.status, 200);
  t.match(await outcome('PUT', `/api/v2/languages/${made.json.entity.id}/_makedefault`, {}), {
    status: 409,
    code: 'LANGUAGE_DEFAULT_FIXED',
  });
  const stays = await call('PUT', '/api/v2/languages/1/_makedefault', { fireTransferAssetsJob: false });
  t.equal(stays.status, 200, stays.text);
  t.match(stays.json.entity, { id: 1, defaultLanguage: true });

  t.match(await outcome('POST', '/api/v2/languages', { languageCode: 'it' }), {
    status: 400,
    code: 'LANGUAGE_NAME_REQUIRED',
    message: "Language String can't be null or empty",
  });

  const user = await s.http('POST', '/api/v1/users', {
    headers: admin,
    body: { email: 'reader@x.com', firstName: 'R', lastName: 'R', password: 'a-long-user-password-1' },
  });
  t.equal(user.status, 200);
  const reader = s.basicAuth('reader@x.com', 'a-long-user-password-1');
  t.equal((await s.http('GET', '/api/v2/languages/es-ES', { headers: reader })).status, 200, 'read by users');
  t.equal((await s.http('PUT', '/api/v2/languages/2', { headers: reader, body: { language: 'x' } })).status, 403);
  t.equal((await s.http('POST', '/api/v2/languages/it-IT', { headers: reader })).status, 403);
});

testOnSqlite(
  'tags the original reads without locale data, the ISO lists, and the default without signing in',
  async (t, s) => {
    const admin = s.basicAuth();
    const added = async (tag: string) => {
      const answer = await s.http('POST', `/api/v2/languages/${tag}`, { headers: admin });
      t.equal(answer.status, 200, `${tag}: ${answer.text}`);
      const { languageCode, countryCode, language, country, isoCode } = answer.json.entity;
      return { languageCode, countryCode, language, country, isoCode };
    };
    t.same(await added('zh-cmn-Hans-CN'), {
      languageCode: 'cmn',
      countryCode: 'CN',
      language: 'cmn',
      country: 'China',
      isoCode: 'cmn-cn',
    });
    t.same(await added('da'), { languageCode: 'da', countryCode: '', language: 'Danish', country: '', isoCode: 'da' });
    t.same(await added('a-bcd'), {
      languageCode: 'a',
      countryCode: 'BCD',
      language: 'a',
      country: '',
      isoCode: 'a-bcd',
    });
    t.same(await added('abc-d'), {
      languageCode: 'abc',
      countryCode: '',
      language: 'abc',
      country: '',
      isoCode: 'abc',
    });
    t.same(await added('xxx_y'), {
      languageCode: 'xxx',
      countryCode: 'Y',
      language: 'xxx',
      country: '',
      isoCode: 'xxx-y',
    });
    const made = await s.http('POST', '/api/v2/languages', {
      headers: admin,
      body: { languageCode: 'a', language: 'Atlantean', countryCode: 'atl', country: 'Atlantis' },
    });
    t.match(made.json.entity, { languageCode: 'a', countryCode: 'ATL', language: 'Atlantean', country: 'Atlantis' });
    t.equal((await s.http('GET', '/api/v2/languages/mytag', { headers: admin })).status, 404);

    const byDefault = await s.http('GET', '/api/v2/languages/_getdefault');
    t.equal(byDefault.status, 200, 'the default language is read without signing in, as in the original');
    t.match(byDefault.json.entity, { id: 1, language: 'English' });
    t.equal((await s.http('GET', '/api/v2/languages/en-US')).status, 401, 'other reads need a signed-in user');

    const iso = await s.http('GET', '/api/v2/languages/iso', { headers: admin });
    t.equal(iso.status, 200);
    t.same(
      iso.json.entity.countries.find((c: { code: string }) => c.code === 'AR'),
      { code: 'AR', name: 'Argentina' },
    );
    t.same(
      iso.json.entity.languages.find((l: { code: string }) => l.code === 'es'),
      { code: 'es', name: 'Spanish' },
    );
    const names = iso.json.entity.languages.map((l: { name: string }) => l.name);
    t.same(
      names,
      [...names].sort((a: string, b: string) => a.localeCompare(b, 'en')),
      'by name',
    );

    const counted = await s.http('GET', '/api/v2/languages?countLangVars=true', { headers: admin });
    t.match(counted.json.entity[0], { id: 1, variables: { total: 0, count: 0 } });
  },
);
