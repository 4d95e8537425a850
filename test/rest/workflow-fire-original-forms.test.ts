import { pressType } from '../helpers/multipart-body.js';
import { testOnSqlite } from '../helpers/test-app.js';

testOnSqlite('a fire names its type by stName, and a binary field takes a text file inline', async (t, s) => {
  await pressType(s);
  const fire = (form: Record<string, unknown>) =>
    s.http('PUT', '/api/v1/workflow/actions/default/fire/PUBLISH', {
      headers: s.basicAuth(),
      body: { contentletFormData: form },
    });

  const byStName = await fire({ stName: 'Press', headline: 'By stName' });
  t.equal(byStName.status, 200);
  t.equal(byStName.json.entity.map.contentType, 'Press', 'stName names the type by its variable');

  const inline = await fire({
    stName: 'Press',
    headline: 'Inline file',
    photo: { fileName: 'notes.txt', content: 'hello, inline' },
  });
  t.equal(inline.status, 200, inline.text);
  t.match(inline.json.entity.map, { photoMap: { name: 'notes.txt' } }, 'stored under the name sent');
  const download = await s.http('GET', `/dA/${inline.json.entity.identifier}/photo/notes.txt`, {
    headers: s.basicAuth(),
  });
  t.equal(download.status, 200);
  t.equal(download.text, 'hello, inline', 'the content is the text sent');

  const hidden = await fire({ stName: 'Press', headline: 'x', photo: { fileName: '.htaccess', content: 'x' } });
  t.equal(hidden.status, 400, 'a hidden file name is refused');
  t.match(hidden.json.errors, [{ fieldName: 'photo' }]);
});
