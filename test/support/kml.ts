// Reading a KML answer back in tests: a strict DOM parse (any error is fatal; XML 1.0 line endings)
// and the Document's own ExtendedData.
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';

export function parseKml(body: string): Document {
  const parser = new DOMParser({
    normalizeLineEndings: (source) => source.replace(/\r\n?/g, '\n'),
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`${level}: ${message}`);
    },
  });
  return parser.parseFromString(body, 'text/xml');
}

/** The Document's own ExtendedData, as name → value text. */
export function documentMembers(document: Document): Record<string, string> {
  const documentElement = document.getElementsByTagName('Document')[0];
  const extendedData = Array.from(documentElement.childNodes).find((node) => node.nodeName === 'ExtendedData');
  if (!extendedData) return {};
  const data = Array.from(extendedData.childNodes).filter((node) => node.nodeName === 'Data') as unknown as Element[];
  return Object.fromEntries(data.map((element) => [element.getAttribute('name'), element.getElementsByTagName('value')[0].textContent]));
}
