/**
 * The legacy read's XML answer, in the original's form: `<contentlets>` holding one `<content>` per
 * item, each member an element of its name. Values that are not text (lists, maps) are written as
 * their JSON; every value is escaped, and a member whose name is not an XML name is left out.
 */
export function contentletsXml(maps: ReadonlyArray<Record<string, unknown>>): string {
  const items = maps.map((map) => {
    const members = Object.entries(map)
      .filter(([name, value]) => XML_NAME.test(name) && value !== undefined && value !== null)
      .map(
        ([name, value]) =>
          `<${name}>${escape(typeof value === 'object' ? JSON.stringify(value) : String(value))}</${name}>`,
      );
    return `<content>${members.join('')}</content>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><contentlets>${items.join('')}</contentlets>`;
}

const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** Whether XML 1.0 can hold the character at all: no control characters but tab and line ends. */
function xmlChar(char: string): boolean {
  const code = char.charCodeAt(0);
  return (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) && code !== 0xfffe && code !== 0xffff;
}

function escape(text: string): string {
  return [...text]
    .filter(xmlChar)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
