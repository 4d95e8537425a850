import t from 'tap';
import { multipartBodyParser } from '../../../host/http/multipart-parser.js';

const type = (boundary?: string) => ({
  mediaType: 'multipart/form-data',
  parameters: (boundary === undefined ? {} : { boundary }) as Record<string, string>,
});

t.test('json part, text parts and file parts', async (t) => {
  const body = Buffer.from(
    [
      '--XyZ',
      'Content-Disposition: form-data; name="json"',
      '',
      '{"contentlet": {"contentType": "FileAsset"}}',
      '--XyZ',
      'Content-Disposition: form-data; name="comments"',
      '',
      'first line\r\nsecond line',
      '--XyZ',
      `Content-Disposition: form-data; name="file"; filename="plain.txt"; filename*=UTF-8''na%C3%AFve.txt`,
      'Content-Type: text/plain',
      '',
      'bytes --XyZ inside',
      '--XyZ--',
      '',
    ].join('\r\n'),
  );
  const parsed = multipartBodyParser.parse(body, type('XyZ')) as Record<string, any>;
  t.same(parsed.contentlet, { contentType: 'FileAsset' });
  t.equal(parsed.comments, 'first line\r\nsecond line');
  t.equal(parsed.files.length, 1);
  t.match(parsed.files[0], { name: 'file', fileName: 'naïve.txt', contentType: 'text/plain' });
  t.equal(parsed.files[0].content.toString(), 'bytes --XyZ inside', 'a boundary not at a line start is data');
});

t.test('malformed bodies are refused with the catalogue code', async (t) => {
  const refused = (body: string, boundary?: string) =>
    t.throws(() => multipartBodyParser.parse(Buffer.from(body), type(boundary)), {
      code: 'HTTP_BODY_MULTIPART_INVALID',
    });
  refused('--a\r\n\r\n--a--', undefined);
  refused('nothing here', 'a');
  refused('--a\r\nContent-Disposition: form-data; name="x"\r\n\r\nno end', 'a');
  refused('--a\r\nContent-Disposition: form-data\r\n\r\nx\r\n--a--', 'a');
  refused('--a\r\nContent-Disposition: form-data; name="json"\r\n\r\n"text"\r\n--a--', 'a');
  refused('--aXX', 'a');
});
