// How commercial building resource responses look: Drupal 7 Services' formatters
// (docs/decisions.md §7; the documentation examples are the wire samples cbr_*, docs/test-data.md
// §2.1). JSON is json_encode of the node array: an object keyed by nid, or [] when nothing matches
// (PHP's empty array). XML is the Services XML formatter: root <result>, numeric
// keys become <item> in an is_array="true" parent, other names are kept (underscores and all).
//
// One refinement of the shared Drupal dialect: the formatter appends a text node for every scalar
// but null, so an empty string is written <x></x>, exactly like false (<is_pending></is_pending>
// in the sample); only null and empty arrays (no child at all) are self-closing.
import type { View } from '../render.ts';
import { drupalStyle, type XmlStyle } from '../xml.ts';

const cbrXmlStyle: XmlStyle = { ...drupalStyle, emptyString: (name) => `<${name}></${name}>` };

const xml = { style: cbrXmlStyle, root: 'result' };

export const buildingResourceViews = {
  /** Resources keyed by nid. */
  resources: { schemaId: '/api/schemas/building-resources.schema.json', xml },
  /** Events keyed by nid. */
  events: { schemaId: '/api/schemas/building-events.schema.json', xml },
  /** Nothing matched: `[]`, `<result/>`. */
  none: { schemaId: '/api/schemas/building-no-results.schema.json', xml },
  /** 422: `{"errors":[…]}` as the fuel-station family writes it; in XML `<result><errors is_array="true"><item>…`. */
  errors: { schemaId: '/api/schemas/errors.schema.json', xml },
} satisfies Record<string, View>;
