// How PVWatts v6 responses look in XML: Rails' to_xml as the v6 documentation example shows it
// (docs/decisions.md §5.5; the example is the wire sample pvwatts_v6_docs.xml, docs/test-data.md
// §2.1): root `response`, hyphenated names, every number typed (type="float", type="integer"),
// strings untyped, and each item of an output array repeating the array's own name
// (`<ac-monthly type="array"><ac-monthly type="float">…`), not singularised; `errors` and `warnings`
// hold `error` and `warning` items. A 422's outputs are the empty hash `<outputs>\n  </outputs>`.
// JSON only (no CSV).
import type { View } from '../render.ts';
import { railsStyle, type XmlStyle } from '../xml.ts';

const rails = railsStyle();

const pvwattsXmlStyle: XmlStyle = {
  ...rails,
  itemName: (arrayName) => (arrayName === 'errors' ? 'error' : arrayName === 'warnings' ? 'warning' : arrayName),
};

export const pvwattsViews = {
  ok: { schemaId: '/api/schemas/pvwatts-v6.schema.json', xml: { style: pvwattsXmlStyle, root: 'response' } },
  errors: { schemaId: '/api/schemas/pvwatts-v6-errors.schema.json', xml: { style: pvwattsXmlStyle, root: 'response' } },
} satisfies Record<string, View>;

/** PVWatts v8: the same dialect, as its documentation's XML example shows. */
export const pvwattsV8Views = {
  ok: { schemaId: '/api/schemas/pvwatts-v8.schema.json', xml: { style: pvwattsXmlStyle, root: 'response' } },
  errors: { schemaId: '/api/schemas/pvwatts-v8-errors.schema.json', xml: { style: pvwattsXmlStyle, root: 'response' } },
} satisfies Record<string, View>;
