/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * A taxonomy term of one of the service's vocabularies, as Drupal 7 Services' taxonomy_term resource writes it (../../shared/data/building-resources/building_types_example_tid51.json). The pipeline reads terms from every other JSON file of DIR/building-resources/ (not resources*.json or events*.json): {"result":[term, ...]} as the service answers, or a bare array of terms; one file per vocabulary or all in one. vocabulary_machine_name says which vocabulary a term belongs to: audience_types, building_types, collections, construction_types, event_types, institutions, keywords, phases_of_delivery, portals, publication_types, resource_types, states, tool_types, topics. Term ids are unique across vocabularies. The filters of the resources and events endpoints take a term's tid or its name (any case).
 */
export interface BuildingVocabularyTerm {
  /**
   * Term id, unique across vocabularies.
   */
  tid: string;
  /**
   * Id of the vocabulary.
   */
  vid: string;
  /**
   * The term's name.
   */
  name: string;
  description?: string | null;
  /**
   * Text format of the description.
   */
  format?: string | null;
  /**
   * Sort weight within the vocabulary.
   */
  weight?: string;
  /**
   * The vocabulary's machine name.
   */
  vocabulary_machine_name: string;
  rdf_mapping?: TermRdfMapping;
}
/**
 * Drupal's RDF mapping of a taxonomy term, the same on every term: {"rdftype":["skos:Concept"],"name":{"predicates":["rdfs:label","skos:prefLabel"]},…}.
 */
export interface TermRdfMapping {
  rdftype: string[];
  name?: RdfPredicates;
  description?: RdfPredicates;
  vid?: RdfPredicates;
  parent?: RdfPredicates;
}
/**
 * How one property maps to RDF: predicates, and the datatype, conversion callback and relation type where they apply.
 */
export interface RdfPredicates {
  predicates: string[];
  datatype?: string;
  callback?: string;
  type?: string;
}
