// Which vocabulary each term field of a building resource draws from: the pipeline checks every
// term against it, and the server's filters look terms up by it.

/** Which vocabulary each term field draws from (field_resource_type_superset draws from all four type vocabularies). */
export const FIELD_VOCABULARIES: Record<string, string> = {
  field_event_type: 'event_types',
  field_publication_type: 'publication_types',
  field_resource_type: 'resource_types',
  field_tool_type: 'tool_types',
  field_collections: 'collections',
  field_portal_tags: 'portals',
  field_topics: 'topics',
  field_states: 'states',
  field_audience_types: 'audience_types',
  field_keywords: 'keywords',
  field_building_types: 'building_types',
  field_primary_institution: 'institutions',
  field_secondary_institution: 'institutions',
  field_construction_types: 'construction_types',
  field_phases_of_delivery: 'phases_of_delivery',
};
