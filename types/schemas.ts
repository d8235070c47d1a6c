/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * An empty field: PHP's empty array, written [] in JSON and as a self-closing element in XML.
 *
 * @maxItems 0
 */
export type Empty = [];
/**
 * Every 200 answer of GET /api/commercial-building-resources/v1/events: events keyed by nid, or [] when nothing matches.
 */
export type BuildingEventsResponse = BuildingEvents | BuildingNoResults;
/**
 * What the resources and events endpoints answer when nothing matches: Drupal returns an empty PHP array, which json_encode writes [] (not {}) and the XML formatter writes <result/>.
 *
 * @maxItems 0
 */
export type BuildingNoResults = [];
/**
 * Every 200 answer of GET /api/commercial-building-resources/v1/resources: resources keyed by nid, or [] when nothing matches.
 */
export type BuildingResourcesResponse = BuildingResources | BuildingNoResults;
/**
 * Response of GET /api/alt-fuel-stations/v1/electric-networks.json: a bare array, first the entry that stands for every network (the ev_network filter's all, key all), then the networks, sorted by name as the documentation's example is (docs/decisions.md §3.12).
 *
 * @minItems 1
 */
export type ElectricNetworks = [ElectricNetwork | ElectricNetworksAll, ...(ElectricNetwork | ElectricNetworksAll)[]];
/**
 * Response of GET /api/alt-fuel-stations/v1/ev-charging-units.csv, a CSV only: a row per EV charging unit of the matching stations, each the station's columns as the list's CSV writes them (today's record, 74 columns) and ten of the unit's own, the ports and power of each of five connector types (docs/decisions.md §3.13). As data, each row is its station's record and the unit.
 *
 * Items: A charging unit's row: every field of its station (fuel-station-current.schema.json) and charging_unit, the unit.
 */
export type FuelStationsEvChargingUnits = {
  charging_unit: FuelStationChargingUnit;
}[];
/**
 * Response of GET /api/alt-fuel-stations/v1.geojson with today's station record: a FeatureCollection of the stations matching the filters, each feature's properties the whole record or, with response_format=compact, its id, fuel type and point.
 */
export type FuelStationsListAnswerGeoJsonCurrent = FuelStationsGeoJsonCurrent | FuelStationsGeoJsonCompactCurrent;
/**
 * Response of GET|POST /api/alt-fuel-stations/v1/nearby-route.geojson with today's station record (STATION_RECORD=current): a FeatureCollection of the stations in ascending distance to the route, each feature's properties the whole record (return_type=all, the default) or the station's id alone (return_type=ids).
 */
export type FuelStationsNearbyRouteAnswerGeoJsonCurrent =
  FuelStationsNearbyRouteGeoJsonCurrent | FuelStationsNearbyRouteIdsGeoJsonCurrent;
/**
 * Response of GET|POST /api/alt-fuel-stations/v1/nearby-route.geojson with the 2014 station record (STATION_RECORD=2014): a FeatureCollection of the stations in ascending distance to the route, each feature's properties the whole record (return_type=all, the default) or the station's id alone (return_type=ids).
 */
export type FuelStationsNearbyRouteAnswerGeoJson = FuelStationsNearbyRouteGeoJson | FuelStationsNearbyRouteIdsGeoJson;
/**
 * Response of GET /api/alt-fuel-stations/v1/nearest.geojson with today's station record: a FeatureCollection of the stations within the radius in ascending distance, each feature's properties the whole record or, with response_format=compact, its id, fuel type and point.
 */
export type FuelStationsNearestAnswerGeoJsonCurrent =
  FuelStationsNearestGeoJsonCurrent | FuelStationsNearestGeoJsonCompactCurrent;
/**
 * Response of GET /api/alt-fuel-stations/v1.{json,xml,csv} with today's station record (STATION_RECORD=current): the stations matching the filters, as whole records or, with response_format=compact, as their id, fuel type and point alone.
 */
export type FuelStationsListAnswerCurrent = FuelStationsListCurrent | FuelStationsListCompactCurrent;
/**
 * Response of GET|POST /api/alt-fuel-stations/v1/nearby-route.{json,xml,csv} with today's station record (STATION_RECORD=current): the stations within the distance of the route, in ascending distance to it, as whole records (return_type=all, the default) or as their ids alone (return_type=ids).
 */
export type FuelStationsNearbyRouteAnswerCurrent = FuelStationsNearbyRouteCurrent | FuelStationsNearbyRouteIdsCurrent;
/**
 * Response of GET|POST /api/alt-fuel-stations/v1/nearby-route.{json,xml,csv} with the 2014 station record (STATION_RECORD=2014): the stations within the distance of the route, in ascending distance to it, as whole records (return_type=all, the default) or as their ids alone (return_type=ids).
 */
export type FuelStationsNearbyRouteAnswer = FuelStationsNearbyRoute | FuelStationsNearbyRouteIds;
/**
 * Response of GET /api/alt-fuel-stations/v1/nearest.{json,xml,csv} with today's station record (STATION_RECORD=current): the stations within the radius, in ascending distance, as whole records or, with response_format=compact, as their id, fuel type and point alone.
 */
export type FuelStationsNearestAnswerCurrent = FuelStationsNearestCurrent | FuelStationsNearestCompactCurrent;
/**
 * Station status codes to include (comma list): E open, P planned, T temporarily unavailable.
 */
export type Status = ('all' | 'E' | 'P' | 'T')[];
/**
 * Fuel types to include (comma list).
 */
export type FuelType = ('all' | 'BD' | 'CNG' | 'E85' | 'ELEC' | 'HY' | 'LNG' | 'LPG' | 'RD')[];
/**
 * Stations accepting any of these payment codes (comma list).
 */
export type CardsAccepted = (
  | 'all'
  | 'A'
  | 'D'
  | 'M'
  | 'V'
  | 'Cash'
  | 'Checks'
  | 'CFN'
  | 'CleanEnergy'
  | 'Comdata'
  | 'FuelMan'
  | 'GasCard'
  | 'PacificPride'
  | 'PHH'
  | 'Proprietor'
  | 'Speedway'
  | 'TCH'
  | 'Tchek'
  | 'Trillium'
  | 'Voyager'
  | 'Wright_Exp'
  | 'FleetOne'
  | 'EFS'
  | 'Debit'
  | 'CREDIT'
  | 'ACCOUNT_BALANCE'
  | 'ALLIANCE'
  | 'ANDROID_PAY'
  | 'APPLE_PAY'
  | 'ARI'
)[];
/**
 * Owner types to include (comma list): P private, T utility, FG federal, LG local, SG state government, J jointly owned.
 */
export type OwnerType = ('all' | 'P' | 'T' | 'FG' | 'LG' | 'SG' | 'J')[];
/**
 * Ids of owning federal agencies (comma list, each from 1 to 2147483647), or all.
 */
export type FederalAgencyId = (number | 'all')[];
/**
 * Stations owned by these federal agencies (comma list of agency codes as in the data, such as DOE, DOI, DON; any case); an unknown code is a 422 listing those in the data.
 */
export type FederalAgency = string[];
/**
 * EV charging networks to include (comma list; names as in the data, any case); restricts to electric stations.
 */
export type EvNetwork = string[];
/**
 * Stations whose charging network's own station id is one of these (comma list, exact; the API's ev_network_ids.station, which no CSV export carries). Give ev_network too: ids may repeat across networks.
 */
export type EvNetworkStationIds = string[];
/**
 * Electric stations with at least one outlet of a level (comma list): 1, 2, dc_fast.
 */
export type EvChargingLevel = ('all' | '1' | '2' | 'dc_fast')[];
/**
 * Two-character state or province codes (comma list).
 */
export type State = string[];
/**
 * 5-digit ZIP codes (comma list).
 */
export type Zip = string[];
/**
 * Electric stations with any of these connector types (comma list; all of them with ev_connector_type_operator=AND): NEMA1450, NEMA515, NEMA520, J1772, J1772COMBO, CHADEMO, TESLA, J3400.
 */
export type EvConnectorType = (
  'all' | 'NEMA1450' | 'NEMA515' | 'NEMA520' | 'J1772' | 'J1772COMBO' | 'CHADEMO' | 'TESLA' | 'J3400'
)[];
/**
 * Stations in these countries (comma list): US, CA, or all. Default US (today's service); under STATION_RECORD=2014 every country.
 */
export type Country = ('all' | 'US' | 'CA')[];
/**
 * Hydrogen stations whose retail flag is one of these (comma list): true, false.
 */
export type HyIsRetail = ('all' | 'true' | 'false')[];
/**
 * CNG stations with one of these fill types (comma list): B both, Q quick, T time.
 */
export type CngFillType = ('all' | 'B' | 'Q' | 'T')[];
/**
 * CNG stations offering one of these pressures (comma list).
 */
export type CngPsi = ('all' | '2400' | '3000' | '3600')[];
/**
 * CNG stations that take this vehicle class or larger (LD < MD < HD); deprecated for maximum_vehicle_class.
 */
export type CngVehicleClass = ('all' | 'LD' | 'MD' | 'HD')[];
/**
 * LNG stations that take this vehicle class or larger (LD < MD < HD); deprecated for maximum_vehicle_class.
 */
export type LngVehicleClass = ('all' | 'LD' | 'MD' | 'HD')[];
/**
 * Stations that take this vehicle class or larger (LD < MD < HD).
 */
export type MaximumVehicleClass = ('all' | 'LD' | 'MD' | 'HD')[];
/**
 * Electric stations funded by any of these programs (comma list).
 */
export type FundingSources = ('all' | 'NEVI' | 'CFI' | 'EVC_RAA' | 'CMAQ' | 'CRP' | 'OTHER')[];
/**
 * Electric stations at one of these facility types (comma list of the codes in the data, such as HOTEL, PAY_GARAGE, CAR_DEALER; any case); an unknown code is a 422 listing those in the data.
 */
export type FacilityType = string[];
/**
 * Warnings (none at present on success).
 */
export type PvwattsV6Warnings = string[];
/**
 * Service version, as the v6 documentation prints it.
 */
export type PvwattsV6Version = '1.4.0';
/**
 * The model's warnings (e.g. a tilted one-axis tracker, invalid weather-file albedo values).
 */
export type PvwattsV8Warnings = string[];
/**
 * Service version, as the v8 documentation prints it.
 */
export type PvwattsV8Version = '8.0.0';

/**
 * Every schema of schemas/, by its title.
 */
export interface Schemas {
  BuildingEvent?: BuildingEvent;
  BuildingEventsResponse?: BuildingEventsResponse;
  BuildingEvents?: BuildingEvents;
  BuildingFields?: BuildingFields;
  BuildingNoResults?: BuildingNoResults;
  BuildingResource?: BuildingResource;
  BuildingResourcesResponse?: BuildingResourcesResponse;
  BuildingResources?: BuildingResources;
  BuildingVocabularyTerm?: BuildingVocabularyTerm;
  ClimateHourly?: ClimateHourly;
  ClimateNsrdbFile?: ClimateNsrdbFile;
  ClimateSolarResource?: ClimateSolarResource;
  ClimateStation?: ClimateStation;
  ElectricNetworkSource?: ElectricNetworkSource;
  ElectricNetwork?: ElectricNetwork;
  ElectricNetworks?: ElectricNetworks;
  ErrorList?: ErrorList;
  FuelStationByIdCurrent?: FuelStationByIdCurrent;
  FuelStationById?: FuelStationById;
  FuelStationChargingUnit?: FuelStationChargingUnit;
  FuelStationCompactCurrent?: FuelStationCompactCurrent;
  FuelStationCurrent?: FuelStationCurrent;
  FuelStationSource?: FuelStationSource;
  FuelStation?: FuelStation;
  FuelStationsEvChargingUnits?: FuelStationsEvChargingUnits;
  FuelStationsListAnswerGeoJsonCurrent?: FuelStationsListAnswerGeoJsonCurrent;
  FuelStationsGeoJsonCompactCurrent?: FuelStationsGeoJsonCompactCurrent;
  FuelStationsGeoJsonCurrent?: FuelStationsGeoJsonCurrent;
  FuelStationsNearbyRouteAnswerGeoJsonCurrent?: FuelStationsNearbyRouteAnswerGeoJsonCurrent;
  FuelStationsNearbyRouteAnswerGeoJson?: FuelStationsNearbyRouteAnswerGeoJson;
  FuelStationsNearbyRouteGeoJsonCurrent?: FuelStationsNearbyRouteGeoJsonCurrent;
  FuelStationsNearbyRouteIdsGeoJsonCurrent?: FuelStationsNearbyRouteIdsGeoJsonCurrent;
  FuelStationsNearbyRouteIdsGeoJson?: FuelStationsNearbyRouteIdsGeoJson;
  FuelStationsNearbyRouteGeoJson?: FuelStationsNearbyRouteGeoJson;
  FuelStationsNearestAnswerGeoJsonCurrent?: FuelStationsNearestAnswerGeoJsonCurrent;
  FuelStationsNearestGeoJsonCompactCurrent?: FuelStationsNearestGeoJsonCompactCurrent;
  FuelStationsNearestGeoJsonCurrent?: FuelStationsNearestGeoJsonCurrent;
  FuelStationsNearestGeoJson?: FuelStationsNearestGeoJson;
  FuelStationsGeoJson?: FuelStationsGeoJson;
  FuelStationsLastUpdated?: FuelStationsLastUpdated;
  FuelStationsListAnswerCurrent?: FuelStationsListAnswerCurrent;
  FuelStationsListCompactCurrent?: FuelStationsListCompactCurrent;
  FuelStationsListCurrent?: FuelStationsListCurrent;
  FuelStationsList?: FuelStationsList;
  FuelStationsNearbyRouteAnswerCurrent?: FuelStationsNearbyRouteAnswerCurrent;
  FuelStationsNearbyRouteAnswer?: FuelStationsNearbyRouteAnswer;
  FuelStationsNearbyRouteCurrent?: FuelStationsNearbyRouteCurrent;
  FuelStationsNearbyRouteIdsCurrent?: FuelStationsNearbyRouteIdsCurrent;
  FuelStationsNearbyRouteIds?: FuelStationsNearbyRouteIds;
  FuelStationsNearbyRoute?: FuelStationsNearbyRoute;
  FuelStationsNearestAnswerCurrent?: FuelStationsNearestAnswerCurrent;
  FuelStationsNearestCompactCurrent?: FuelStationsNearestCompactCurrent;
  FuelStationsNearestCurrent?: FuelStationsNearestCurrent;
  FuelStationsNearest?: FuelStationsNearest;
  GatewayError?: GatewayError;
  NsrdbDataQuery?: NsrdbDataQuery;
  NsrdbDownloadCsv?: NsrdbDownloadCsv;
  NsrdbDownloadResponse?: NsrdbDownloadResponse;
  BuildingEventsParameters?: BuildingEventsParameters;
  BuildingResourcesParameters?: BuildingResourcesParameters;
  FuelStationsElectricNetworksParameters?: FuelStationsElectricNetworksParameters;
  FuelStationsEvChargingUnitsParameters?: FuelStationsEvChargingUnitsParameters;
  FuelStationsLastUpdatedParameters?: FuelStationsLastUpdatedParameters;
  FuelStationsListParameters?: FuelStationsListParameters;
  FuelStationsNearbyRouteParameters?: FuelStationsNearbyRouteParameters;
  FuelStationsNearestParameters?: FuelStationsNearestParameters;
  NsrdbDataQueryParameters?: NsrdbDataQueryParameters;
  NsrdbGoesTmyV4DownloadParameters?: NsrdbGoesTmyV4DownloadParameters;
  NsrdbPsm3TmyDownloadParameters?: NsrdbPsm3TmyDownloadParameters;
  PvwattsV6Parameters?: PvwattsV6Parameters;
  PvwattsV8Parameters?: PvwattsV8Parameters;
  SolarDataQueryParameters?: SolarDataQueryParameters;
  SolarResourceParameters?: SolarResourceParameters;
  PvwattsV6Errors?: PvwattsV6Errors;
  PvwattsV6?: PvwattsV6;
  PvwattsV8Errors?: PvwattsV8Errors;
  PvwattsV8?: PvwattsV8;
  SolarDataQueryV1?: SolarDataQueryV1;
  SolarDataQueryV2?: SolarDataQueryV2;
  SolarResourceV1?: SolarResourceV1;
  StationCounts?: StationCounts;
}
/**
 * An event as GET /api/commercial-building-resources/v1/events returns it and as the pipeline reads it from DIR/building-resources/events*.json (the API's own JSON: an object keyed by nid). The same Drupal 7 field layout as building-resource.schema.json; the events endpoint writes no type and no revision flags. Key order is the wire order of the documentation's example (docs/decisions.md §7.1), with the fields that example lacks after the ones it has. scope=upcoming|past compares field_event_date's first value (UTC) with the current time.
 */
export interface BuildingEvent {
  /**
   * Version (revision) id; a new published version changes it and keeps nid.
   */
  vid: string;
  /**
   * Title text.
   */
  title: string;
  /**
   * Unique resource id, constant across versions.
   */
  nid: string;
  /**
   * Content type; absent in the events endpoint's answers.
   */
  type?: 'event';
  /**
   * Unix time of creation.
   */
  created: string;
  /**
   * Unix time of the last update.
   */
  changed: string;
  rdf_mapping?: NodeRdfMapping;
  /**
   * The published revision (Workbench Moderation).
   */
  current_revision_id?: string;
  /**
   * Whether this is the current revision (true/false in JSON, 1 or empty in XML).
   */
  is_current?: boolean;
  /**
   * Whether a newer revision awaits moderation.
   */
  is_pending?: boolean;
  body?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [BodyItem, ...BodyItem[]];
      };
  /**
   * Event content only: one term of the event_types vocabulary.
   */
  field_event_type?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the collections vocabulary.
   */
  field_collections?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the portals vocabulary.
   */
  field_portal_tags?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the topics vocabulary.
   */
  field_topics?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the keywords vocabulary.
   */
  field_keywords?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Event content only: start (value) and end (value2) in UTC database time.
   */
  field_event_date?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [DateItem, ...DateItem[]];
      };
  /**
   * Event content only: where it takes place.
   */
  field_location?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [LocationItem, ...LocationItem[]];
      };
  /**
   * Event content only: the place as text, when a full location is unavailable.
   */
  field_location_alternative?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TextItem, ...TextItem[]];
      };
  /**
   * Event content only: the sponsor.
   */
  field_sponsor_name?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TextItem, ...TextItem[]];
      };
  /**
   * Event content only: the event's web site.
   */
  field_website_url?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [LinkItem, ...LinkItem[]];
      };
  /**
   * Event content only: URL of the sponsor's logo.
   */
  field_logo?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [LinkItem, ...LinkItem[]];
      };
  /**
   * Event content only: where to register.
   */
  field_registration_url?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [LinkItem, ...LinkItem[]];
      };
  /**
   * Terms of the audience_types vocabulary.
   */
  field_audience_types?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the building_types vocabulary.
   */
  field_building_types?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Popularity (Radioactivity module); empty in every known record.
   */
  field_radioactivity?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [RadioactivityItem, ...RadioactivityItem[]];
      };
  /**
   * Terms of the construction_types vocabulary.
   */
  field_construction_types?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the phases_of_delivery vocabulary.
   */
  field_phases_of_delivery?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the states vocabulary.
   */
  field_states?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the institutions vocabulary.
   */
  field_primary_institution?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the institutions vocabulary.
   */
  field_secondary_institution?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * One term, every content type: the term of whichever of the four type fields applies (event, publication, resource or tool type).
   */
  field_resource_type_superset?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
}
/**
 * Drupal's RDF mapping of a node, the same on every item: {"rdftype":["sioc:Item","foaf:Document"],"title":{"predicates":["dc:title"]},…}.
 */
export interface NodeRdfMapping {
  rdftype: string[];
  title?: RdfPredicates;
  created?: RdfPredicates;
  changed?: RdfPredicates;
  body?: RdfPredicates;
  uid?: RdfPredicates;
  name?: RdfPredicates;
  comment_count?: RdfPredicates;
  last_activity?: RdfPredicates;
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
/**
 * The body: value is the text as entered (it may hold HTML and \r\n), summary the teaser as entered; format the text format (null when none); safe_value and safe_summary the filtered HTML, present when a text format applies.
 */
export interface BodyItem {
  value: string;
  summary: string | null;
  format: string | null;
  safe_value?: string;
  safe_summary?: string;
}
/**
 * A taxonomy term reference: the term's id (vocabulary terms are in building-term.schema.json).
 */
export interface TermItem {
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  tid: string;
}
/**
 * A Date module value: start (value), end (value2), the zone it is shown in (timezone) and its UTC offsets in seconds at start and end (offset, offset2), the repeat rule, the zone the values are stored in (timezone_db), and the storage kind (date_type).
 */
export interface DateItem {
  /**
   * A date and time as the Date module stores it for date_type datetime: YYYY-MM-DD HH:MM:SS, in the timezone_db zone (UTC for events).
   */
  value: string;
  /**
   * A date and time as the Date module stores it for date_type datetime: YYYY-MM-DD HH:MM:SS, in the timezone_db zone (UTC for events).
   */
  value2?: string;
  timezone?: string;
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  offset?: string;
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  offset2?: string;
  rrule?: string | null;
  timezone_db?: string;
  date_type?: 'datetime' | 'date';
}
/**
 * An Address Field value (xNAL names): country code, administrative_area (state), locality (city), postal_code, thoroughfare (street), premise, and the rest as the module stores them.
 */
export interface LocationItem {
  country: string | null;
  administrative_area?: string | null;
  sub_administrative_area?: string | null;
  locality?: string | null;
  dependent_locality?: string | null;
  postal_code?: string | null;
  thoroughfare?: string | null;
  premise?: string | null;
  sub_premise?: string | null;
  organisation_name?: string | null;
  name_line?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  data?: string | null;
}
/**
 * A plain text field (author, sponsor name, alternative location): value as entered, format, and safe_value when loaded for display.
 */
export interface TextItem {
  value: string;
  format?: string | null;
  safe_value?: string;
}
/**
 * A link field: url, title (null when none) and attributes ([] when none).
 */
export interface LinkItem {
  url: string;
  title: string | null;
  attributes:
    | Empty
    | {
        [k: string]: string;
      };
}
/**
 * A Radioactivity module value (popularity energy); empty in every known record.
 */
export interface RadioactivityItem {
  radioactivity_energy?: string;
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  radioactivity_timestamp?: string;
}
/**
 * Response of GET /api/commercial-building-resources/v1/events.{json,jsonp,xml} when something matches: an object keyed by nid (strings), in ascending nid order; XML as for resources. JSONP wraps the JSON in callback(...);. When nothing matches the answer is building-no-results.schema.json.
 */
export interface BuildingEvents {
  [k: string]: BuildingEvent;
}
/**
 * Drupal 7 field values as the commercial building resources service writes them (Drupal 7 Services over node_load): every field is either [] (empty: PHP's empty array) or {"und":[item, ...]} (one array per language key; the service only uses und). Scalars are strings ("tid":"157"), as Drupal reads them from MySQL. Only the $defs matter: the resource, event and vocabulary term schemas refer to them; the root itself constrains nothing.
 */
export interface BuildingFields {
  [k: string]: unknown;
}
/**
 * A commercial building resource (publication, tool, event or other resource) as GET /api/commercial-building-resources/v1/resources returns it and as the pipeline reads it from DIR/building-resources/resources*.json (the API's own JSON: an object keyed by nid). Drupal 7 node fields: scalars are strings except is_current/is_pending; every field_* is [] when empty, else {"und":[...]}; a field the content type lacks is absent. Key order is the wire order of the documentation's example (docs/decisions.md §7.1), with the fields that example lacks after the ones it has. The pipeline stores each item whole (JSON) beside the columns it is searched and filtered by.
 */
export interface BuildingResource {
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  vid: string;
  /**
   * Title text.
   */
  title: string;
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  nid: string;
  /**
   * Content type.
   */
  type: 'publication' | 'tool' | 'event' | 'other-resource';
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  created: string;
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  changed: string;
  rdf_mapping?: NodeRdfMapping;
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  current_revision_id?: string;
  /**
   * Whether this is the current revision (true/false in JSON, 1 or empty in XML).
   */
  is_current?: boolean;
  /**
   * Whether a newer revision awaits moderation.
   */
  is_pending?: boolean;
  body?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [BodyItem, ...BodyItem[]];
      };
  /**
   * Event content only: one term of the event_types vocabulary.
   */
  field_event_type?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Publication content only: one term of the publication_types vocabulary.
   */
  field_publication_type?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Other-resource content only: one term of the resource_types vocabulary.
   */
  field_resource_type?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Tool content only: one term of the tool_types vocabulary.
   */
  field_tool_type?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the collections vocabulary.
   */
  field_collections?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the portals vocabulary.
   */
  field_portal_tags?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * The resource's own URL.
   */
  field_resource_link?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [LinkItem, ...LinkItem[]];
      };
  /**
   * Terms of the topics vocabulary.
   */
  field_topics?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the states vocabulary.
   */
  field_states?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the audience_types vocabulary.
   */
  field_audience_types?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the keywords vocabulary.
   */
  field_keywords?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the building_types vocabulary.
   */
  field_building_types?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * One term, every content type: the term of whichever of the four type fields applies (event, publication, resource or tool type).
   */
  field_resource_type_superset?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the institutions vocabulary.
   */
  field_primary_institution?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the institutions vocabulary.
   */
  field_secondary_institution?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the construction_types vocabulary.
   */
  field_construction_types?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the phases_of_delivery vocabulary.
   */
  field_phases_of_delivery?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Whether the user must give contact information before download.
   */
  field_require_user_information?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [FlagItem, ...FlagItem[]];
      };
  /**
   * Publications only: the publication date, with its timezone.
   */
  field_publication_date?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [DateItem, ...DateItem[]];
      };
  /**
   * Publications only: whether the author is shown.
   */
  field_display_author?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [FlagItem, ...FlagItem[]];
      };
  /**
   * Publications only: the author.
   */
  field_author?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TextItem, ...TextItem[]];
      };
  /**
   * Event content only: start (value) and end (value2) in UTC database time.
   */
  field_event_date?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [DateItem, ...DateItem[]];
      };
  /**
   * Event content only: where it takes place.
   */
  field_location?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [LocationItem, ...LocationItem[]];
      };
  /**
   * Event content only: the place as text, when a full location is unavailable.
   */
  field_location_alternative?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TextItem, ...TextItem[]];
      };
  /**
   * Event content only: the sponsor.
   */
  field_sponsor_name?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TextItem, ...TextItem[]];
      };
  /**
   * Event content only: the event's web site.
   */
  field_website_url?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [LinkItem, ...LinkItem[]];
      };
  /**
   * Event content only: URL of the sponsor's logo.
   */
  field_logo?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [LinkItem, ...LinkItem[]];
      };
  /**
   * Event content only: where to register.
   */
  field_registration_url?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [LinkItem, ...LinkItem[]];
      };
  /**
   * Popularity (Radioactivity module); empty in every known record.
   */
  field_radioactivity?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [RadioactivityItem, ...RadioactivityItem[]];
      };
}
/**
 * A list (boolean) field: value "1" (yes) or "0" (no).
 */
export interface FlagItem {
  value: '0' | '1';
}
/**
 * Response of GET /api/commercial-building-resources/v1/resources.{json,xml} when something matches: an object keyed by nid (strings), in ascending nid order. XML: <result is_array="true"> with one <item> per resource (Drupal 7 Services' XML: names keep their underscores, lists are is_array="true" with <item> children, booleans 1 or empty, null and empty lists self-closing). When nothing matches the answer is building-no-results.schema.json.
 */
export interface BuildingResources {
  [k: string]: BuildingResource;
}
/**
 * A taxonomy term of one of the service's vocabularies, as Drupal 7 Services' taxonomy_term resource writes it (as the documentation's term example shows it; docs/decisions.md §7). The pipeline reads terms from every other JSON file of DIR/building-resources/ (not resources*.json or events*.json): {"result":[term, ...]} as the service answers, or a bare array of terms; one file per vocabulary or all in one. vocabulary_machine_name says which vocabulary a term belongs to: audience_types, building_types, collections, construction_types, event_types, institutions, keywords, phases_of_delivery, portals, publication_types, resource_types, states, tool_types, topics. Term ids are unique across vocabularies. The filters of the resources and events endpoints take a term's tid or its name (any case).
 */
export interface BuildingVocabularyTerm {
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  tid: string;
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
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
   * An integer written as a string, as Drupal writes database integers ("782").
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
 * One weather record of one station in the hourly table (`climate.hourly-NNNN` Parquet shards): the columns the estimator uses (docs/weather-files.md §2.4), each a single-precision FLOAT (`format: float`) holding exactly what the reader read. `null` stands for the reader's NaN (the file gives no value), which is stored as NaN. Sorted by station, then record; one row group per station. The ranges are wide on purpose: they catch files read wrongly, not odd weather (the estimator itself rejects DNI/DHI outside 0–1500, docs/pv-model.md §4.3).
 */
export interface ClimateHourly {
  /**
   * The station's station_index in the catalog.
   */
  station: number;
  /**
   * Year (TMY files mix years; SAM CSV without one: 1900).
   */
  year: number;
  /**
   * Month, 1–12.
   */
  month: number;
  /**
   * Day of the month, 1–31.
   */
  day: number;
  /**
   * Hour, 0–23 (SAM CSV hours are used as written, so up to 24).
   */
  hour: number;
  /**
   * Minute (30 for TMY files, which have no minute column).
   */
  minute: number;
  /**
   * Global horizontal irradiance, W/m².
   */
  ghi: number | null;
  /**
   * Direct normal irradiance, W/m².
   */
  dni: number | null;
  /**
   * Diffuse horizontal irradiance, W/m².
   */
  dhi: number | null;
  /**
   * Dry-bulb temperature, °C.
   */
  tdry: number | null;
  /**
   * Wind speed, m/s.
   */
  wspd: number | null;
  /**
   * Surface albedo, 0–1; −999 where the format has none (TMY2, EPW: the estimator then uses 0.2).
   */
  alb: number | null;
  /**
   * Station pressure, mbar (EPW's Pa read as mbar). PVWatts v8's sun position uses it (refraction) where it is above 800, else the last such value or 1013.25. The sample's: the standard atmosphere at the station's elevation, a few mbar lower on cloudier days than the month's mean, whole mbar. Hourly shards written before this column existed lack it: the store then gives NaN, as for a file without pressure. The range is wide so that a file giving pressure in Pa still builds (the estimator reads it as mbar, as ssc would).
   */
  pres: number | null;
  /**
   * Dew-point temperature, °C. The sample's: from the day's mean temperature and a relative humidity from its crude climatology (drier in deserts, moister on cloudy days), by the Magnus formula, never above the hour's dry-bulb temperature, to 0.1 °C. Absent from hourly shards written before this column existed (NaN, as for a file without it).
   */
  tdew: number | null;
}
/**
 * The text of one NSRDB download the pipeline ingested (a file of the source layout's climate/nsrdb/ folder), kept whole so that the NSRDB download endpoints give it back as it was (docs/weather-files.md §10, docs/api.md §9): one Parquet table, `climate.nsrdb_files`, one row a station. Stations of the sample have none: their downloads are written from the hourly columns.
 */
export interface ClimateNsrdbFile {
  /**
   * The station's v1 id (climate-station.schema.json `id`).
   */
  id: string;
  /**
   * The file's text as read (UTF-8, after any byte-order mark), line endings included; it splits into the NSRDB layout.
   */
  text: string;
}
/**
 * One month (or the year) of one climate station's solar resource, as the pipeline computes it once from the station's hourly weather and writes it (one Parquet table, `climate.solar_resource`, 13 rows a station) and the solar resource endpoint reads it (docs/api.md §8, docs/decisions.md §9). Every value is a daily total in kWh/m²/day: a month's is the sum of its records (months by position, as PVWatts v8 sums them: docs/pv-model.md §15.2) over its days, the year's the mean of the twelve months, as PVWatts v8's solrad_annual. DNI and GHI are the weather file's, a negative or missing value counting as 0; the tilt at latitude is PVWatts v8's plane-of-array irradiance (its solrad_monthly) of a fixed roof-mounted array (array type 1: no row shading, monofacial, no soiling, the weather file's albedo as v8 takes it) tilted at the station's latitude and facing the equator.
 */
export interface ClimateSolarResource {
  /**
   * The station's v1 id (climate-station.schema.json `id`).
   */
  id: string;
  /**
   * 1 (January) to 12 (December); 0 for the year.
   */
  month: number;
  /**
   * Direct normal irradiation, kWh/m²/day.
   */
  avg_dni: number;
  /**
   * Global horizontal irradiation, kWh/m²/day.
   */
  avg_ghi: number;
  /**
   * Plane-of-array irradiation of the array tilted at latitude, kWh/m²/day (PVWatts v8's solrad_monthly, or solrad_annual for month 0).
   */
  avg_lat_tilt: number;
  /**
   * The array's tilt, degrees: the absolute value of the weather file header's latitude.
   */
  tilt: number;
  /**
   * The array's azimuth, degrees clockwise from north: 180 (south) for a station on or north of the equator, 0 (north) south of it.
   */
  azimuth: 0 | 180;
}
/**
 * One station (tmy2, tmy3, intl) or grid cell (nsrdb) of the climate catalog, as the pipeline writes it (one Parquet table, `climate.stations`) and the solar dataset query and the PVWatts estimator read it. The display fields (city, state, country, lat, lon, timezone, elevation) are what the data_query prints; the header_* fields are the weather file's own header exactly as the estimator's reference engine reads it (docs/weather-files.md §4–7, docs/pv-model.md §4.6). Where the display names come from: tmy2/tmy3: the file header's city (TMY2 underscores become spaces, TMY3 quotes are dropped) and its state code written as the full upper-case name (CO -> COLORADO); intl: the EPW/CSV header's city and state, upper-cased ('-' and 'unknown' become ''), Canadian province codes written as full names; nsrdb: city is always '' and the state is the full name in title case, from the header when it names a U.S. state, else from the nearest ZIP-code centroid of the zipcodes gazetteer within 100 km (else ''). The sample generator places tmy2, tmy3 and intl stations at the real places of the station lists in the test data's data/climate and says so in source_file (docs/test-data.md §2.3).
 */
export interface ClimateStation {
  /**
   * tmy2 (TMY2, NSRDB 1961-1990), tmy3 (TMY3, NSRDB 1991-2005), intl (international EPW or SAM CSV files), nsrdb (NSRDB PSM grid cells, SAM CSV).
   */
  dataset: 'tmy2' | 'tmy3' | 'intl' | 'nsrdb';
  /**
   * The v1 id: what the solar dataset query v1 prints and PVWatts v6's file_id takes. tmy2 `0-<WBAN>`, tmy3 `1-<USAF>`, intl `2-<station id>` (the header's station id; when a header has none usable, the file name without its extensions), nsrdb `3-<1° tile>-<cell>` as in the v1 documentation (`3-W105N040-W10502N4001`): made from the header's latitude and longitude (tile: whole degrees of longitude then latitude, truncated; cell: hundredths of a degree, rounded), for real NSRDB files as for the sample's cells (data sets built before `id_v2` existed gave real files `3-<location id>`; their catalogs keep it). The sample's intl ids are `2-<WMO>-<source>`. Unique in the catalog.
   */
  id: string;
  /**
   * The v2 id: what the solar dataset query v2 prints and PVWatts v8's file_id takes. The v1 id for tmy2, tmy3 and intl. nsrdb: `3-G-<location id>` when the header's station id is a whole number (the Location ID of every NSRDB PSM file), zero-padded to 7 digits as in the v2 documentation (`3-G-0149190`, NSRDB location 149190); a file whose header has no numeric location id gets `3-<header station id>` (or `3-<file name without its extensions>` when that is not usable either), the id such files had before. The sample numbers its nsrdb cells 1, 2, 3, … in grid order (rows from the south, each row from the west; land cells only), the number standing for the NSRDB location id, and writes it as the header's station id: `3-G-0000001`; the numbers depend on the grid's spacing, not on the seed. Unique in the catalog. A catalog written before this column existed is read with this rule applied to its id and header_location (model/climate-ids.ts).
   */
  id_v2: string;
  /**
   * City as the data_query prints it (may be empty).
   */
  city: string;
  /**
   * State or province as the data_query prints it: full upper-case name for tmy2, tmy3 and intl (COLORADO), title case for nsrdb (Colorado); may be empty.
   */
  state: string;
  /**
   * Country: 'United States' for tmy2 and tmy3; for intl the header's country as written (usually an ISO 3166 alpha-3 code such as NLD); for nsrdb the header's country ('USA' written United States), else the country of the nearest ZIP-code centroid; null when unknown.
   */
  country: string | null;
  /**
   * Latitude, degrees north: the header value rounded to 4 decimals.
   */
  lat: number;
  /**
   * Longitude, degrees east: the header value rounded to 4 decimals.
   */
  lon: number;
  /**
   * Standard time offset from UTC in whole hours (the header value rounded half away from zero). The sample's intl places, whose list has none, get round(lon / 15).
   */
  timezone: number;
  /**
   * Elevation, metres (the header value rounded). The sample's intl places, whose list has none, get 0; its nsrdb cells get the elevation of the nearest TMY3 station.
   */
  elevation: number;
  /**
   * nsrdb only: grid spacing in km (4 for NSRDB PSM files; the sample grid's spacing in km). Null for station datasets.
   */
  resolution: number | null;
  /**
   * What data_query v2 prints: NSRDB 1961-1990 Archive TMY2, NSRDB 1991-2005 Archive TMY3, PVWatts International, NSRDB PSM V3 GOES tmy-2020 3.2.0 (per dataset, as the v2 documentation shows).
   */
  weather_data_source: string;
  /**
   * The weather file the station was read from, relative to the source directory (e.g. climate/tmy3/724699TYA.CSV.gz); for the sample `sample:<dataset>:<seed>` (synthetic weather).
   */
  source_file: string;
  /**
   * The weather file format the reader detected (docs/weather-files.md §1); the sample writes hourly-mode data and says tmy2, tmy3 or sam-csv.
   */
  format: 'tmy2' | 'tmy3' | 'epw' | 'sam-csv';
  /**
   * Station id field of the header, as read (the sample's nsrdb cells: their location number, as a real NSRDB file gives its Location ID).
   */
  header_location: string;
  /**
   * City field of the header, as read (TMY3 keeps its quotes).
   */
  header_city: string;
  /**
   * State field of the header, as read.
   */
  header_state: string;
  /**
   * Country field of the header (EPW, SAM CSV), as read; null for TMY2 and TMY3.
   */
  header_country: string | null;
  /**
   * Source field of the header (EPW, SAM CSV), as read; null for TMY2 and TMY3.
   */
  header_source: string | null;
  /**
   * Header latitude as the reader holds it (TMY2: degrees + minutes/60 in double; other formats: the single-precision value).
   */
  header_lat: number;
  /**
   * Header longitude as the reader holds it.
   */
  header_lon: number;
  /**
   * Header time zone, hours from UTC, as read.
   */
  header_tz: number;
  /**
   * Header elevation, metres, as read (may be negative).
   */
  header_elev: number;
  /**
   * True for EPW and SAM CSV files with a minute column: the estimator runs in instantaneous mode (docs/weather-files.md §8).
   */
  has_minute_column: boolean;
  /**
   * Seconds between records (3600 for hourly files).
   */
  step_seconds: number;
  /**
   * Hourly (or sub-hourly) records of the station in the hourly table: 8760 × k.
   */
  records: number;
  /**
   * The station's key in the hourly table (`station` column): the hourly Parquet is sorted by it, with one row group per station.
   */
  station_index: number;
  /**
   * The manifest key (climate.files) of the hourly Parquet shard holding the station's rows, e.g. hourly-0000.
   */
  hourly_file: string;
  /**
   * Index of the station's row group in that shard (one row group per station).
   */
  hourly_row_group: number;
  /**
   * Byte offset of the station's row group (its first column chunk) in the shard: the row-group index the store reads one station by.
   */
  hourly_offset: number;
  /**
   * Bytes of the station's row group (all its column chunks, which are contiguous).
   */
  hourly_bytes: number;
}
/**
 * An EV charging network as the pipeline writes it (docs/decisions.md §3.12): the fields of the electric-networks answer as a source gives them (the endpoint's own JSON) or as the pipeline derives them from the stations' ev_network and ev_network_web, then the countries of its stations and whether it is active. Fields a source lacks are null.
 */
export interface ElectricNetworkSource {
  /**
   * The key that identifies the network: the value stations give as ev_network (such as ChargePoint Network or SHELL_RECHARGE).
   */
  key: string;
  /**
   * The network's key in EV-ChART (the federal EV charger reporting system); null when the source does not give it.
   */
  evchart_key: string | null;
  /**
   * The network's name.
   */
  name: string;
  /**
   * The network's name in French; null when the source does not give it.
   */
  name_fr: string | null;
  /**
   * The network's web site; null when not known.
   */
  url: string | null;
  /**
   * The most recent date for which the network's equipment data has been confirmed (YYYY-MM-DD); null when not known.
   */
  last_import_date: string | null;
  /**
   * The date the network was added to the AFDC (YYYY-MM-DD); null when not known.
   */
  date_added: string | null;
  /**
   * The date the network was removed from the AFDC (YYYY-MM-DD); null for a network still listed.
   */
  date_removed: string | null;
  /**
   * How the network's data is imported: CSV, API or Manual; null when not known.
   */
  import_type: string | null;
  /**
   * The network's real-time status interface, when it has one; null in every documented example.
   */
  real_time_status_api: string | null;
  /**
   * For a network removed from the AFDC, the key of the network that acquired it, if any.
   */
  transition_network_key: string | null;
  /**
   * For a network that acquired or merged with others, their former names, comma-separated.
   */
  transition_note: string | null;
  /**
   * For a network removed from the AFDC, when its acquisition or transition was complete.
   */
  transition_timeframe: string | null;
  /**
   * The countries of the network's stations (US, CA), as the source gives them or from the stations of the data set naming it; null when unknown (no station names it and the source does not say): such a network is listed under every country.
   */
  countries: string[] | null;
  /**
   * Whether the network is listed on the AFDC: as the source gives it, else true unless date_removed is set. include_inactive=true also lists the others.
   */
  active: boolean;
}
/**
 * One EV charging network of GET /api/alt-fuel-stations/v1/electric-networks.json, its keys in the documentation example's order (docs/decisions.md §3.12). Every key is always present, null when not known.
 */
export interface ElectricNetwork {
  /**
   * The key that identifies the network: the value stations give as ev_network (such as ChargePoint Network or SHELL_RECHARGE).
   */
  key: string;
  /**
   * The network's key in EV-ChART (the federal EV charger reporting system); null when the source does not give it.
   */
  evchart_key: string | null;
  /**
   * The network's name.
   */
  name: string;
  /**
   * The network's name in French (its name where the source gives no French one).
   */
  name_fr: string;
  /**
   * The network's web site; null when not known.
   */
  url: string | null;
  /**
   * The most recent date for which the network's equipment data has been confirmed (YYYY-MM-DD); null when not known.
   */
  last_import_date: string | null;
  /**
   * The date the network was added to the AFDC (YYYY-MM-DD); null when not known.
   */
  date_added: string | null;
  /**
   * The date the network was removed from the AFDC (YYYY-MM-DD); null for a network still listed.
   */
  date_removed: string | null;
  /**
   * How the network's data is imported: CSV, API or Manual; null when not known.
   */
  import_type: string | null;
  /**
   * The network's real-time status interface, when it has one; null in every documented example.
   */
  real_time_status_api: string | null;
  /**
   * For a network removed from the AFDC, the key of the network that acquired it, if any.
   */
  transition_network_key: string | null;
  /**
   * For a network that acquired or merged with others, their former names, comma-separated.
   */
  transition_note: string | null;
  /**
   * For a network removed from the AFDC, when its acquisition or transition was complete.
   */
  transition_timeframe: string | null;
}
/**
 * The first entry: every network, as the ev_network filter's all.
 */
export interface ElectricNetworksAll {
  key: 'all';
  name: 'All';
  name_fr: 'Tous';
}
/**
 * An endpoint's error response (422, 404): what is wrong, one message per problem.
 */
export interface ErrorList {
  /**
   * @minItems 1
   */
  errors: [string, ...string[]];
}
/**
 * Response of GET /api/alt-fuel-stations/v1/{id}.{json,xml,csv} with today's station record (STATION_RECORD=current).
 */
export interface FuelStationByIdCurrent {
  alt_fuel_station: FuelStationCurrent;
}
/**
 * A fuel station as today's alt-fuel-stations v1 endpoints return it (STATION_RECORD=current, the default): the 2023 record of the documentation's examples, in their key order. Every key of the 2014 record (fuel-station.schema.json) is among its keys, so clients of either era read it. federal_agency, ev_network_ids and ev_charging_units are absent when there is none (or, for the units, when the source does not say); distance and distance_km appear only in nearest and nearby-route results; every other key is always present, null when unknown.
 */
export interface FuelStationCurrent {
  /**
   * Public or private access.
   */
  access_code: 'public' | 'private' | null;
  /**
   * Hours of operation.
   */
  access_days_time: string | null;
  /**
   * Access detail code, such as CREDIT_CARD_ALWAYS.
   */
  access_detail_code: string | null;
  /**
   * Space-separated list of payment method codes.
   */
  cards_accepted: string | null;
  /**
   * Date the details were last confirmed (YYYY-MM-DD).
   */
  date_last_confirmed: string | null;
  /**
   * For planned stations, the date the station is expected to open (YYYY-MM-DD).
   */
  expected_date: string | null;
  /**
   * Fuel type: BD, CNG, E85, ELEC, HY, LNG, LPG, or RD (renewable diesel).
   */
  fuel_type_code: 'BD' | 'CNG' | 'E85' | 'ELEC' | 'HY' | 'LNG' | 'LPG' | 'RD';
  /**
   * Who may use the station and other access information.
   */
  groups_with_access_code: string | null;
  /**
   * Unique station identifier.
   */
  id: number;
  /**
   * Date the station began offering the fuel (YYYY-MM-DD).
   */
  open_date: string | null;
  /**
   * Owner type: P, T, FG, LG, SG or J.
   */
  owner_type_code: 'P' | 'T' | 'FG' | 'LG' | 'SG' | 'J' | null;
  /**
   * E open, P planned, T temporarily unavailable.
   */
  status_code: 'E' | 'P' | 'T';
  /**
   * Whether access is restricted.
   */
  restricted_access: boolean | null;
  /**
   * Largest vehicle class: LD, MD or HD.
   */
  maximum_vehicle_class: 'LD' | 'MD' | 'HD' | null;
  /**
   * Station name.
   */
  station_name: string;
  /**
   * Station phone number.
   */
  station_phone: string | null;
  /**
   * Time of the last update, ISO 8601 UTC ending in Z.
   */
  updated_at: string;
  /**
   * Facility type, such as HOTEL or UTILITY.
   */
  facility_type: string | null;
  /**
   * Accuracy rating of latitude/longitude: GPS or 200-0 ... 200-9.
   */
  geocode_status: string | null;
  /**
   * Latitude, -90 to 90.
   */
  latitude: number;
  /**
   * Longitude, -180 to 180.
   */
  longitude: number;
  /**
   * City.
   */
  city: string | null;
  /**
   * Brief extra information on locating the station.
   */
  intersection_directions: string | null;
  /**
   * Plus-4 part of a U.S. ZIP code.
   */
  plus4: string | null;
  /**
   * Two-character U.S. state or Canadian province code.
   */
  state: string | null;
  /**
   * Street address.
   */
  street_address: string | null;
  /**
   * ZIP or postal code.
   */
  zip: string | null;
  /**
   * Country: US or CA.
   */
  country: 'US' | 'CA' | null;
  /**
   * For biodiesel stations, the blend levels offered.
   */
  bd_blends: string | null;
  /**
   * For CNG stations, the number of dispensers.
   */
  cng_dispenser_num: number | null;
  /**
   * For CNG stations, the fill type: B both, Q quick, T time.
   */
  cng_fill_type_code: 'B' | 'Q' | 'T' | null;
  /**
   * For CNG stations, the space-separated PSI pressures available.
   */
  cng_psi: string | null;
  /**
   * For CNG stations, the on-site renewable source (e.g. NONE, SOLAR).
   */
  cng_renewable_source: string | null;
  /**
   * For CNG stations, the total compression capacity.
   */
  cng_total_compression: number | null;
  /**
   * For CNG stations, the total storage capacity.
   */
  cng_total_storage: number | null;
  /**
   * For CNG stations, the largest vehicle class served: LD, MD or HD.
   */
  cng_vehicle_class: 'LD' | 'MD' | 'HD' | null;
  /**
   * For CNG stations, whether it sells renewable natural gas. Y or N (the exports write true or false).
   */
  cng_has_rng: 'Y' | 'N' | null;
  /**
   * For E85 stations: whether the station has a blender pump.
   */
  e85_blender_pump: boolean | null;
  /**
   * For E85 stations, the other ethanol blends offered (space-separated in CSV exports).
   */
  e85_other_ethanol_blends: string[] | null;
  /**
   * Connector types (space-separated in CSV exports).
   */
  ev_connector_types: string[] | null;
  /**
   * Electric stations: number of DC fast chargers.
   */
  ev_dc_fast_num: number | null;
  /**
   * Electric stations: number of Level 1 EVSE.
   */
  ev_level1_evse_num: number | null;
  /**
   * Electric stations: number of Level 2 EVSE.
   */
  ev_level2_evse_num: number | null;
  /**
   * Electric stations: EVSE network name.
   */
  ev_network: string | null;
  /**
   * Electric stations: network web site.
   */
  ev_network_web: string | null;
  /**
   * Electric stations: number and type of additional EVSE.
   */
  ev_other_evse: string | null;
  /**
   * Electric stations: pricing information.
   */
  ev_pricing: string | null;
  /**
   * For electric stations, the on-site renewable source.
   */
  ev_renewable_source: string | null;
  /**
   * For electric stations, whether it is workplace charging.
   */
  ev_workplace_charging: boolean | null;
  /**
   * For hydrogen stations, whether it sells to the public at retail.
   */
  hy_is_retail: boolean | null;
  /**
   * For hydrogen stations, the pressures available.
   */
  hy_pressures: string[] | null;
  /**
   * For hydrogen stations, the fueling standards.
   */
  hy_standards: string[] | null;
  /**
   * Hydrogen stations: link to a site giving current status.
   */
  hy_status_link: string | null;
  /**
   * For LNG stations, the on-site renewable source.
   */
  lng_renewable_source: string | null;
  /**
   * For LNG stations, the largest vehicle class served: LD, MD or HD.
   */
  lng_vehicle_class: 'LD' | 'MD' | 'HD' | null;
  /**
   * For LNG stations, whether it sells renewable natural gas. Y or N (the exports write true or false).
   */
  lng_has_rng: 'Y' | 'N' | null;
  /**
   * For propane stations: primary (true) or secondary (false).
   */
  lpg_primary: boolean | null;
  /**
   * For propane stations, the nozzle types (space-separated, or a JSON array, in CSV exports).
   */
  lpg_nozzle_types: string[] | null;
  /**
   * For CNG stations: Q quick fill, T timed fill, B both.
   */
  ng_fill_type_code: string | null;
  /**
   * For CNG stations, space-separated list of available PSI pressures.
   */
  ng_psi: string | null;
  /**
   * For CNG and LNG stations, the largest vehicle class: LD, MD or HD.
   */
  ng_vehicle_class: string | null;
  /**
   * For renewable diesel stations, the blends offered.
   */
  rd_blends: string | null;
  /**
   * Renewable diesel blends in French.
   */
  rd_blends_fr: string | null;
  /**
   * For renewable diesel stations, whether it is blended with biodiesel: Y or N.
   */
  rd_blended_with_biodiesel: string | null;
  /**
   * For renewable diesel stations, the highest biodiesel level blended.
   */
  rd_max_biodiesel_level: string | null;
  /**
   * The National Park Service unit the station is in.
   */
  nps_unit_name: string | null;
  /**
   * Hours of operation in French.
   */
  access_days_time_fr: string | null;
  /**
   * Intersection directions in French.
   */
  intersection_directions_fr: string | null;
  /**
   * Biodiesel blends in French.
   */
  bd_blends_fr: string | null;
  /**
   * Who may use the station, in French.
   */
  groups_with_access_code_fr: string | null;
  /**
   * Charging prices in French.
   */
  ev_pricing_fr: string | null;
  /**
   * The federal agency that owns the station; absent when none does.
   */
  federal_agency?: {
    /**
     * Agency id (the federal_agency_id filter).
     */
    id: number;
    /**
     * Agency code, such as DOE.
     */
    code: string | null;
    /**
     * Agency name.
     */
    name: string;
  };
  /**
   * The charging network's own ids of the station and of its posts; absent when the data has none.
   */
  ev_network_ids?: {
    /**
     * The network's station ids.
     */
    station: string[];
    /**
     * The network's post (charger) ids.
     */
    posts: string[];
  };
  /**
   * For electric stations, their EV charging units, each with its connectors' power: as the source gives them (the AFDC API's JSON, the sample). Absent when the source carries no unit data (the CSV exports: unknown is not none) and for stations without any to list.
   */
  ev_charging_units?: FuelStationChargingUnit[];
  /**
   * Miles from the search point or route, rounded to 5 decimals (nearest and nearby-route only).
   */
  distance?: number;
  /**
   * The distance in kilometres, rounded to 5 decimals (nearest and nearby-route only).
   */
  distance_km?: number;
}
/**
 * One EV charging unit of an electric station (an item of ev_charging_units), in the documentation's field order: the network it belongs to, its connectors by connector type with the power and ports of each, its ports, its charging level and the programs that funded it. The AFDC API's JSON carries these; the CSV exports do not.
 */
export interface FuelStationChargingUnit {
  /**
   * The charging network of the unit, as ev_network names networks (such as ChargePoint Network or Non-Networked).
   */
  network: string | null;
  /**
   * The unit's connectors, keyed by connector type (the ev_connector_types vocabulary: J1772, J1772COMBO, CHADEMO, TESLA, J3400, NEMA520, …). A key is a valid XML element name, as the XML form writes it.
   */
  connectors: {
    [k: string]: FuelStationChargingConnector;
  };
  /**
   * The number of charging ports on the unit.
   */
  port_count: number | null;
  /**
   * The unit's charging level: 1, 2 or dc_fast (the ev_charging_level vocabulary; the AFDC also reports legacy for units of older data).
   */
  charging_level: string | null;
  /**
   * Codes of the public programs that funded the unit (such as NEVI or CFI); empty when none did.
   */
  funding_sources: string[];
}
/**
 * The connectors of one type on a charging unit.
 */
export interface FuelStationChargingConnector {
  /**
   * The power output of the unit's ports of this connector type, in kilowatts; null when not reported.
   */
  power_kw: number | null;
  /**
   * The number of the unit's ports with this connector type.
   */
  port_count: number;
}
/**
 * Response of GET /api/alt-fuel-stations/v1/{id}.{json,xml,csv}.
 */
export interface FuelStationById {
  alt_fuel_station: FuelStation;
}
/**
 * A fuel station as the alt-fuel-stations v1 endpoints return it. Key order is the wire order; federal_agency is absent when no federal agency owns the station; distance appears only in nearest results.
 */
export interface FuelStation {
  /**
   * Hours of operation.
   */
  access_days_time: string | null;
  /**
   * For biodiesel stations, the blend levels offered.
   */
  bd_blends: string | null;
  /**
   * Space-separated list of payment method codes.
   */
  cards_accepted: string | null;
  /**
   * City.
   */
  city: string | null;
  /**
   * Date the details were last confirmed (YYYY-MM-DD).
   */
  date_last_confirmed: string | null;
  /**
   * For planned stations, the date the station is expected to open (YYYY-MM-DD).
   */
  expected_date: string | null;
  /**
   * Fuel type: BD, CNG, E85, ELEC, HY, LNG, LPG, or RD (renewable diesel).
   */
  fuel_type_code: 'BD' | 'CNG' | 'E85' | 'ELEC' | 'HY' | 'LNG' | 'LPG' | 'RD';
  /**
   * Accuracy rating of latitude/longitude: GPS or 200-0 ... 200-9.
   */
  geocode_status: string | null;
  /**
   * Who may use the station and other access information.
   */
  groups_with_access_code: string | null;
  /**
   * Hydrogen stations: link to a site giving current status.
   */
  hy_status_link: string | null;
  /**
   * Brief extra information on locating the station.
   */
  intersection_directions: string | null;
  /**
   * Latitude, -90 to 90.
   */
  latitude: number;
  /**
   * Longitude, -180 to 180.
   */
  longitude: number;
  /**
   * Date the station began offering the fuel (YYYY-MM-DD).
   */
  open_date: string | null;
  /**
   * Owner type: P, T, FG, LG, SG or J.
   */
  owner_type_code: 'P' | 'T' | 'FG' | 'LG' | 'SG' | 'J' | null;
  /**
   * Plus-4 part of a U.S. ZIP code.
   */
  plus4: string | null;
  /**
   * Station name.
   */
  station_name: string;
  /**
   * Station phone number.
   */
  station_phone: string | null;
  /**
   * E open, P planned, T temporarily unavailable.
   */
  status_code: 'E' | 'P' | 'T';
  /**
   * Street address.
   */
  street_address: string | null;
  /**
   * ZIP or postal code.
   */
  zip: string | null;
  /**
   * Two-character U.S. state or Canadian province code.
   */
  state: string | null;
  /**
   * For CNG stations: Q quick fill, T timed fill, B both.
   */
  ng_fill_type_code: string | null;
  /**
   * For CNG stations, space-separated list of available PSI pressures.
   */
  ng_psi: string | null;
  /**
   * For CNG and LNG stations, the largest vehicle class: LD, MD or HD.
   */
  ng_vehicle_class: string | null;
  /**
   * For E85 stations: whether the station has a blender pump.
   */
  e85_blender_pump: boolean | null;
  /**
   * Electric stations: number of Level 1 EVSE.
   */
  ev_level1_evse_num: number | null;
  /**
   * Electric stations: number of Level 2 EVSE.
   */
  ev_level2_evse_num: number | null;
  /**
   * Electric stations: number of DC fast chargers.
   */
  ev_dc_fast_num: number | null;
  /**
   * Electric stations: number and type of additional EVSE.
   */
  ev_other_evse: string | null;
  /**
   * Electric stations: EVSE network name.
   */
  ev_network: string | null;
  /**
   * Electric stations: network web site.
   */
  ev_network_web: string | null;
  /**
   * For propane stations: primary (true) or secondary (false).
   */
  lpg_primary: boolean | null;
  /**
   * Unique station identifier.
   */
  id: number;
  /**
   * Time of the last update, ISO 8601 UTC ending in Z.
   */
  updated_at: string;
  /**
   * Nearest endpoint only: distance in miles from the given location, rounded to 5 decimals.
   */
  distance?: number;
  /**
   * Present only when a federal agency owns the station.
   */
  federal_agency?: {
    /**
     * Federal agency id.
     */
    id: number;
    /**
     * Federal agency name.
     */
    name: string;
  };
}
/**
 * A fuel station as response_format=compact gives it (list and nearest, today's station record): its id, fuel type and point alone, in that order, as the documentation names them. CSV: those four columns.
 */
export interface FuelStationCompactCurrent {
  /**
   * Unique station identifier.
   */
  id: number;
  /**
   * Fuel type: BD, CNG, E85, ELEC, HY, LNG, LPG, or RD (renewable diesel).
   */
  fuel_type_code: 'BD' | 'CNG' | 'E85' | 'ELEC' | 'HY' | 'LNG' | 'LPG' | 'RD';
  /**
   * Latitude, -90 to 90.
   */
  latitude: number;
  /**
   * Longitude, -180 to 180.
   */
  longitude: number;
}
/**
 * A fuel station record as the pipeline reads it from an AFDC export (CSV, by header name: x-csv-header) or from the API's own JSON, after type conversion and before it is written to Parquet. Fields absent from a source are null.
 */
export interface FuelStationSource {
  /**
   * Unique station identifier.
   */
  id: number;
  /**
   * BD, CNG, E85, ELEC, HY, LNG, LPG, or RD (renewable diesel).
   */
  fuel_type_code: 'BD' | 'CNG' | 'E85' | 'ELEC' | 'HY' | 'LNG' | 'LPG' | 'RD';
  /**
   * Station name.
   */
  station_name: string;
  /**
   * Street address.
   */
  street_address: string | null;
  /**
   * Brief extra information on locating the station.
   */
  intersection_directions: string | null;
  /**
   * City.
   */
  city: string | null;
  /**
   * Two-character U.S. state or Canadian province code.
   */
  state: string | null;
  /**
   * 5-digit U.S. ZIP code, or Canadian postal code (real exports hold some partial ones, such as 'G9N 0').
   */
  zip: string | null;
  /**
   * Plus-4 part of a U.S. ZIP code.
   */
  plus4: string | null;
  /**
   * Station phone number.
   */
  station_phone: string | null;
  /**
   * E open, P planned, T temporarily unavailable.
   */
  status_code: 'E' | 'P' | 'T';
  /**
   * For planned stations, the expected opening date.
   */
  expected_date: string | null;
  /**
   * Who may use the station and other access information.
   */
  groups_with_access_code: string | null;
  /**
   * Hours of operation.
   */
  access_days_time: string | null;
  /**
   * Space-separated payment method codes.
   */
  cards_accepted: string | null;
  /**
   * For biodiesel stations, the blend levels offered.
   */
  bd_blends: string | null;
  /**
   * For CNG stations: Q quick fill, T timed fill, B both.
   */
  ng_fill_type_code: 'Q' | 'T' | 'B' | null;
  /**
   * For CNG stations, space-separated available pressures.
   */
  ng_psi: string | null;
  /**
   * Number of Level 1 EVSE.
   */
  ev_level1_evse_num: number | null;
  /**
   * Number of Level 2 EVSE.
   */
  ev_level2_evse_num: number | null;
  /**
   * Number of DC fast chargers.
   */
  ev_dc_fast_num: number | null;
  /**
   * Number and type of additional EVSE.
   */
  ev_other_evse: string | null;
  /**
   * EVSE network name.
   */
  ev_network: string | null;
  /**
   * Network web site.
   */
  ev_network_web: string | null;
  /**
   * Accuracy of latitude/longitude: GPS, or 200-0 ... 200-9.
   */
  geocode_status: string | null;
  /**
   * Latitude in degrees.
   */
  latitude: number;
  /**
   * Longitude in degrees.
   */
  longitude: number;
  /**
   * Date the details were last confirmed.
   */
  date_last_confirmed: string | null;
  /**
   * Time of the last update, ISO 8601 UTC ending in Z (exports write 'YYYY-MM-DD HH:MM:SS UTC').
   */
  updated_at: string;
  /**
   * P, T, FG, LG, SG or J.
   */
  owner_type_code: 'P' | 'T' | 'FG' | 'LG' | 'SG' | 'J' | null;
  /**
   * Id of the owning federal agency.
   */
  federal_agency_id: number | null;
  /**
   * Code of the owning federal agency.
   */
  federal_agency_code: string | null;
  /**
   * Name of the owning federal agency.
   */
  federal_agency_name: string | null;
  /**
   * Date the station began offering the fuel.
   */
  open_date: string | null;
  /**
   * Link to a site giving current hydrogen status.
   */
  hy_status_link: string | null;
  /**
   * Largest vehicle class: LD, MD or HD.
   */
  ng_vehicle_class: 'LD' | 'MD' | 'HD' | null;
  /**
   * Propane: primary (true) or secondary (false).
   */
  lpg_primary: boolean | null;
  /**
   * E85: has a blender pump.
   */
  e85_blender_pump: boolean | null;
  /**
   * Connector types (space-separated in CSV exports).
   */
  ev_connector_types: string[] | null;
  /**
   * US or CA.
   */
  country: 'US' | 'CA' | null;
  /**
   * public or private (modern exports). Derived from groups_with_access_code when absent.
   */
  access_code: 'public' | 'private' | null;
  /**
   * Access detail code, such as CREDIT_CARD_ALWAYS.
   */
  access_detail_code: string | null;
  /**
   * Facility type, such as HOTEL or UTILITY.
   */
  facility_type: string | null;
  /**
   * Electric stations: pricing information.
   */
  ev_pricing: string | null;
  /**
   * Whether access is restricted.
   */
  restricted_access: boolean | null;
  /**
   * Largest vehicle class: LD, MD or HD.
   */
  maximum_vehicle_class: 'LD' | 'MD' | 'HD' | null;
  /**
   * Intersection directions in French.
   */
  intersection_directions_fr: string | null;
  /**
   * Hours of operation in French.
   */
  access_days_time_fr: string | null;
  /**
   * Biodiesel blends in French.
   */
  bd_blends_fr: string | null;
  /**
   * Who may use the station, in French.
   */
  groups_with_access_code_fr: string | null;
  /**
   * For hydrogen stations, whether it sells to the public at retail.
   */
  hy_is_retail: boolean | null;
  /**
   * For CNG stations, the number of dispensers.
   */
  cng_dispenser_num: number | null;
  /**
   * For CNG stations, the on-site renewable source (e.g. NONE, SOLAR).
   */
  cng_renewable_source: string | null;
  /**
   * For CNG stations, the total compression capacity.
   */
  cng_total_compression: number | null;
  /**
   * For CNG stations, the total storage capacity.
   */
  cng_total_storage: number | null;
  /**
   * For LNG stations, the on-site renewable source.
   */
  lng_renewable_source: string | null;
  /**
   * For E85 stations, the other ethanol blends offered (space-separated in CSV exports).
   */
  e85_other_ethanol_blends: string[] | null;
  /**
   * Charging prices in French.
   */
  ev_pricing_fr: string | null;
  /**
   * For propane stations, the nozzle types (space-separated, or a JSON array, in CSV exports).
   */
  lpg_nozzle_types: string[] | null;
  /**
   * For hydrogen stations, the pressures available.
   */
  hy_pressures: string[] | null;
  /**
   * For hydrogen stations, the fueling standards.
   */
  hy_standards: string[] | null;
  /**
   * For CNG stations, the fill type: B both, Q quick, T time.
   */
  cng_fill_type_code: 'B' | 'Q' | 'T' | null;
  /**
   * For CNG stations, the space-separated PSI pressures available.
   */
  cng_psi: string | null;
  /**
   * For CNG stations, the largest vehicle class served: LD, MD or HD.
   */
  cng_vehicle_class: 'LD' | 'MD' | 'HD' | null;
  /**
   * For LNG stations, the largest vehicle class served: LD, MD or HD.
   */
  lng_vehicle_class: 'LD' | 'MD' | 'HD' | null;
  /**
   * For electric stations, the on-site renewable source.
   */
  ev_renewable_source: string | null;
  /**
   * For renewable diesel stations, the blends offered.
   */
  rd_blends: string | null;
  /**
   * Renewable diesel blends in French.
   */
  rd_blends_fr: string | null;
  /**
   * For renewable diesel stations, whether it is blended with biodiesel: Y or N.
   */
  rd_blended_with_biodiesel: string | null;
  /**
   * For renewable diesel stations, the highest biodiesel level blended.
   */
  rd_max_biodiesel_level: string | null;
  /**
   * The National Park Service unit the station is in.
   */
  nps_unit_name: string | null;
  /**
   * For CNG stations, whether it sells renewable natural gas.
   */
  cng_has_rng: boolean | null;
  /**
   * For LNG stations, whether it sells renewable natural gas.
   */
  lng_has_rng: boolean | null;
  /**
   * For electric stations, whether it is workplace charging.
   */
  ev_workplace_charging: boolean | null;
  /**
   * Codes of the public programs that funded the station (e.g. NEVI, CFI).
   */
  funding_sources: string[] | null;
  /**
   * The charging network's own ids of the station (the API's ev_network_ids.station; no export column).
   */
  ev_network_station_ids: string[] | null;
  /**
   * The charging network's own ids of the station's posts (the API's ev_network_ids.posts; no export column).
   */
  ev_network_post_ids: string[] | null;
  /**
   * The station's EV charging units (the API's JSON carries them; no export has a column for them, so a station read from an export has none: unknown, not none).
   */
  ev_charging_units: FuelStationChargingUnit[] | null;
}
/**
 * Response of GET /api/alt-fuel-stations/v1.geojson with today's station record: an RFC 7946 FeatureCollection, the list's envelope (without the stations) in metadata, a Feature per station.
 */
export interface FuelStationsGeoJsonCurrent {
  type: 'FeatureCollection';
  metadata: FuelStationsListMetadataCurrent;
  features: FuelStationFeatureCurrent[];
}
/**
 * The list's envelope without the stations.
 */
export interface FuelStationsListMetadataCurrent {
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  station_counts: StationCounts;
}
/**
 * Counts over every station matching the filters (limit ignored). ELEC.total counts charging outlets, ELEC.stations.total counts stations; total is the sum of the fuels' totals.
 */
export interface StationCounts {
  total: number;
  fuels: {
    BD: FuelCount;
    E85: FuelCount;
    ELEC: ElecCount;
    HY: FuelCount;
    LNG: FuelCount;
    CNG: FuelCount;
    LPG: FuelCount;
    RD: FuelCount;
  };
}
export interface FuelCount {
  total: number;
}
export interface ElecCount {
  /**
   * Charging outlets.
   */
  total: number;
  stations: {
    total: number;
  };
}
/**
 * One station: a GeoJSON Feature of its point, the station record in properties.
 */
export interface FuelStationFeatureCurrent {
  type: 'Feature';
  geometry: GeoJsonPoint | null;
  properties: FuelStationCurrent;
}
/**
 * A GeoJSON Point: [longitude, latitude] in WGS 84 degrees.
 */
export interface GeoJsonPoint {
  type: 'Point';
  /**
   * [longitude, latitude].
   *
   * @minItems 2
   * @maxItems 2
   */
  coordinates: [number, number];
}
/**
 * Response of GET /api/alt-fuel-stations/v1.geojson with response_format=compact (today's station record): an RFC 7946 FeatureCollection, the list's envelope (without the stations) in metadata, a Feature per station whose properties are its id, fuel type and point.
 */
export interface FuelStationsGeoJsonCompactCurrent {
  type: 'FeatureCollection';
  metadata: FuelStationsListMetadataCurrent;
  features: FuelStationCompactFeatureCurrent[];
}
/**
 * One station: a GeoJSON Feature of its point, its compact record (id, fuel type, point) in properties.
 */
export interface FuelStationCompactFeatureCurrent {
  type: 'Feature';
  geometry: GeoJsonPoint | null;
  properties: FuelStationCompactCurrent;
}
/**
 * Response of GET|POST /api/alt-fuel-stations/v1/nearby-route.geojson with today's station record: an RFC 7946 FeatureCollection of the stations in ascending distance to the route, the envelope (without the stations) in metadata.
 */
export interface FuelStationsNearbyRouteGeoJsonCurrent {
  type: 'FeatureCollection';
  metadata: FuelStationsNearbyRouteMetadataCurrent;
  features: FuelStationFeatureCurrent[];
}
/**
 * nearby-route's envelope without the stations.
 */
export interface FuelStationsNearbyRouteMetadataCurrent {
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  station_counts: StationCounts;
  /**
   * The offset parameter as given; absent when it was not given.
   */
  offset?: number;
}
/**
 * Response of GET|POST /api/alt-fuel-stations/v1/nearby-route.geojson with return_type=ids and today's station record: an RFC 7946 FeatureCollection of the stations in ascending distance to the route, the envelope (without the stations) in metadata, each feature's properties the station's id alone.
 */
export interface FuelStationsNearbyRouteIdsGeoJsonCurrent {
  type: 'FeatureCollection';
  metadata: FuelStationsNearbyRouteMetadataCurrent;
  features: FuelStationIdFeatureCurrent[];
}
/**
 * One station: a GeoJSON Feature of its point, its id alone in properties.
 */
export interface FuelStationIdFeatureCurrent {
  type: 'Feature';
  geometry: GeoJsonPoint | null;
  /**
   * The station record cut to its id, as return_type=ids asks.
   */
  properties: {
    /**
     * Unique station identifier.
     */
    id: number;
  };
}
/**
 * Response of GET|POST /api/alt-fuel-stations/v1/nearby-route.geojson with the 2014 station record: an RFC 7946 FeatureCollection of the stations in ascending distance to the route, each station record (with distance in miles) in properties; station_locator_url, total_results and offset are foreign members.
 */
export interface FuelStationsNearbyRouteGeoJson {
  type: 'FeatureCollection';
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  /**
   * The offset parameter as given; absent when it was not given.
   */
  offset?: number;
  features: FuelStationFeature[];
}
/**
 * One station: a GeoJSON Feature whose id is the station id.
 */
export interface FuelStationFeature {
  type: 'Feature';
  /**
   * The station id.
   */
  id: number;
  geometry: GeoJsonPoint | null;
  properties: FuelStation;
}
/**
 * Response of GET|POST /api/alt-fuel-stations/v1/nearby-route.geojson with return_type=ids and the 2014 station record: an RFC 7946 FeatureCollection of the stations in ascending distance to the route, each feature's properties the station's id alone; station_locator_url, total_results and offset are foreign members.
 */
export interface FuelStationsNearbyRouteIdsGeoJson {
  type: 'FeatureCollection';
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  /**
   * The offset parameter as given; absent when it was not given.
   */
  offset?: number;
  features: FuelStationIdFeature[];
}
/**
 * One station: a GeoJSON Feature of its point, its id alone in properties.
 */
export interface FuelStationIdFeature {
  type: 'Feature';
  /**
   * The station id.
   */
  id: number;
  geometry: GeoJsonPoint | null;
  /**
   * The station record cut to its id, as return_type=ids asks.
   */
  properties: {
    /**
     * Unique station identifier.
     */
    id: number;
  };
}
/**
 * Response of GET /api/alt-fuel-stations/v1/nearest.geojson with today's station record: an RFC 7946 FeatureCollection of the stations in ascending distance, the nearest envelope (without the stations) in metadata.
 */
export interface FuelStationsNearestGeoJsonCurrent {
  type: 'FeatureCollection';
  metadata: FuelStationsNearestMetadataCurrent;
  features: FuelStationFeatureCurrent[];
}
/**
 * nearest's envelope without the stations.
 */
export interface FuelStationsNearestMetadataCurrent {
  /**
   * The given latitude, or the geocoded one of location.
   */
  latitude: number;
  /**
   * The given longitude, or the geocoded one of location.
   */
  longitude: number;
  /**
   * The country of the geocoded location; absent when latitude and longitude were given.
   */
  location_country?: 'US' | 'CA';
  precision?: Precision;
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  station_counts: StationCounts;
  offset: number;
}
/**
 * How location was geocoded; absent when latitude and longitude were given.
 */
export interface Precision {
  /**
   * Numeric accuracy code (5 postal code, 4 locality, 8 address).
   */
  value: number;
  /**
   * Textual accuracy code, such as postal_code or locality.
   */
  name: string;
  /**
   * Address component types of the match.
   */
  types: string[];
}
/**
 * Response of GET /api/alt-fuel-stations/v1/nearest.geojson with response_format=compact (today's station record): an RFC 7946 FeatureCollection of the stations in ascending distance, the nearest envelope (without the stations) in metadata, each feature's properties the station's id, fuel type and point.
 */
export interface FuelStationsNearestGeoJsonCompactCurrent {
  type: 'FeatureCollection';
  metadata: FuelStationsNearestMetadataCurrent;
  features: FuelStationCompactFeatureCurrent[];
}
/**
 * Response of GET /api/alt-fuel-stations/v1/nearest.geojson: an RFC 7946 FeatureCollection of the stations in ascending distance, each station record (with distance in miles) in properties; the nearest envelope's latitude, longitude, precision, station_locator_url, total_results and offset are foreign members.
 */
export interface FuelStationsNearestGeoJson {
  type: 'FeatureCollection';
  /**
   * The given latitude, or the geocoded one of location.
   */
  latitude: number;
  /**
   * The given longitude, or the geocoded one of location.
   */
  longitude: number;
  precision?: Precision;
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  offset: number;
  features: FuelStationFeature[];
}
/**
 * Response of GET /api/alt-fuel-stations/v1.geojson: an RFC 7946 FeatureCollection of the matching stations as Point features (coordinates [longitude, latitude]), each station record as the JSON format writes it in properties; total_results and station_locator_url are foreign members.
 */
export interface FuelStationsGeoJson {
  type: 'FeatureCollection';
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  features: FuelStationFeature[];
}
/**
 * Response of GET /api/alt-fuel-stations/v1/last-updated.json: when the served stations were last updated.
 */
export interface FuelStationsLastUpdated {
  /**
   * The newest updated_at of the served data set's stations, ISO 8601 UTC ending in Z; null when the data set holds no station.
   */
  last_updated: string | null;
}
/**
 * Response of GET /api/alt-fuel-stations/v1.{json,xml,csv} with today's station record (STATION_RECORD=current).
 */
export interface FuelStationsListCurrent {
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  station_counts: StationCounts;
  fuel_stations: FuelStationCurrent[];
}
/**
 * Response of GET /api/alt-fuel-stations/v1.{json,xml,csv} with response_format=compact (today's station record): the same envelope, each station cut to its id, fuel type and point (fuel-station-compact-current.schema.json).
 */
export interface FuelStationsListCompactCurrent {
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  station_counts: StationCounts;
  fuel_stations: FuelStationCompactCurrent[];
}
/**
 * Response of GET /api/alt-fuel-stations/v1.{json,xml,csv}.
 */
export interface FuelStationsList {
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  station_counts: StationCounts;
  fuel_stations: FuelStation[];
}
/**
 * Response of GET|POST /api/alt-fuel-stations/v1/nearby-route.{json,xml,csv} with today's station record (STATION_RECORD=current): the stations within the distance of the route, in ascending distance to it.
 */
export interface FuelStationsNearbyRouteCurrent {
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  station_counts: StationCounts;
  /**
   * The offset parameter as given; absent when it was not given.
   */
  offset?: number;
  fuel_stations: FuelStationCurrent[];
}
/**
 * Response of GET|POST /api/alt-fuel-stations/v1/nearby-route.{json,xml,csv} with return_type=ids, for today's station record (STATION_RECORD=current): the list's envelope with the stations' ids alone in fuel_station_ids. CSV: an ID column, a row per station.
 */
export interface FuelStationsNearbyRouteIdsCurrent {
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  station_counts: StationCounts;
  /**
   * The offset parameter as given; absent when it was not given.
   */
  offset?: number;
  /**
   * The id of each station within the distance of the route, in ascending distance to it (the order of fuel_stations with return_type=all).
   *
   * Items: Unique station identifier.
   */
  fuel_station_ids: number[];
}
/**
 * Response of GET|POST /api/alt-fuel-stations/v1/nearby-route.{json,xml,csv} with the 2014 station record (STATION_RECORD=2014): the stations within the distance of the route, in ascending distance to it.
 */
export interface FuelStationsNearbyRoute {
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  station_counts: StationCounts;
  /**
   * The offset parameter as given; absent when it was not given.
   */
  offset?: number;
  fuel_stations: FuelStation[];
}
/**
 * Response of GET|POST /api/alt-fuel-stations/v1/nearby-route.{json,xml,csv} with return_type=ids, for the 2014 station record (STATION_RECORD=2014): the list's envelope with the stations' ids alone in fuel_station_ids. CSV: an ID column, a row per station.
 */
export interface FuelStationsNearbyRouteIds {
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  station_counts: StationCounts;
  /**
   * The offset parameter as given; absent when it was not given.
   */
  offset?: number;
  /**
   * The id of each station within the distance of the route, in ascending distance to it (the order of fuel_stations with return_type=all).
   *
   * Items: Unique station identifier.
   */
  fuel_station_ids: number[];
}
/**
 * Response of GET /api/alt-fuel-stations/v1/nearest.{json,xml,csv} with today's station record (STATION_RECORD=current); stations in ascending distance.
 */
export interface FuelStationsNearestCurrent {
  /**
   * The given latitude, or the geocoded one of location.
   */
  latitude: number;
  /**
   * The given longitude, or the geocoded one of location.
   */
  longitude: number;
  /**
   * The country of the geocoded location; absent when latitude and longitude were given.
   */
  location_country?: 'US' | 'CA';
  precision?: Precision;
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  station_counts: StationCounts;
  offset: number;
  fuel_stations: FuelStationCurrent[];
}
/**
 * Response of GET /api/alt-fuel-stations/v1/nearest.{json,xml,csv} with response_format=compact (today's station record): the same envelope, each station cut to its id, fuel type and point (fuel-station-compact-current.schema.json).
 */
export interface FuelStationsNearestCompactCurrent {
  /**
   * The given latitude, or the geocoded one of location.
   */
  latitude: number;
  /**
   * The given longitude, or the geocoded one of location.
   */
  longitude: number;
  /**
   * The country of the geocoded location; absent when latitude and longitude were given.
   */
  location_country?: 'US' | 'CA';
  precision?: Precision;
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  station_counts: StationCounts;
  offset: number;
  fuel_stations: FuelStationCompactCurrent[];
}
/**
 * Response of GET /api/alt-fuel-stations/v1/nearest.{json,xml,csv}; stations in ascending distance.
 */
export interface FuelStationsNearest {
  /**
   * The given latitude, or the geocoded one of location.
   */
  latitude: number;
  /**
   * The given longitude, or the geocoded one of location.
   */
  longitude: number;
  precision?: Precision;
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  station_counts: StationCounts;
  offset: number;
  fuel_stations: FuelStation[];
}
/**
 * The gateway's error in JSON form: 403 key errors, 429 over the rate limit, 404 unknown path, 400 and 431 requests that cannot be read, 503 a long answer that found no place to stream in time, 500.
 */
export interface GatewayError {
  error: {
    code:
      | 'API_KEY_MISSING'
      | 'API_KEY_INVALID'
      | 'API_KEY_DISABLED'
      | 'OVER_RATE_LIMIT'
      | 'NOT_FOUND'
      | 'BAD_REQUEST'
      | 'REQUEST_TOO_LARGE'
      | 'SERVICE_UNAVAILABLE'
      | 'INTERNAL_SERVER_ERROR';
    message: string;
  };
}
/**
 * The NSRDB data query's answer (docs/api.md §10), in the documentation's order: errors, inputs (the point's parameters as given), outputs (one entry a data set, each with the download links of every year and interval it offers at the point). XML: root `hash`, names as in JSON, array items in the singular.
 */
export interface NsrdbDataQuery {
  errors: string[];
  /**
   * The request's parameters (api_key aside) as strings, in request order.
   */
  inputs: {
    [k: string]: string;
  };
  outputs: {
    /**
     * The documentation of the data set's download endpoint.
     */
    apiDocs: string;
    /**
     * The `names` the download takes here: `tmy`, and named years, as the documentation prints them (text, or a whole year as a number).
     */
    availableYears: (string | number)[];
    /**
     * Minutes between records.
     */
    availableIntervals: number[];
    displayName: string;
    metadataLink: string;
    name: string;
    type: 'satellite' | 'station';
    /**
     * A download link for each year and interval: this deployment's .csv download of the point, to which a key and an email are to be added (`api_key=yourapikey&email=youremail`).
     */
    links: {
      year: string | number;
      interval: number;
      link: string;
    }[];
  }[];
}
/**
 * A .csv NSRDB download (docs/api.md §9, docs/weather-files.md §10): the file's metadata names on line 1 and their values on line 2, its column names on line 3, then one line of cells a record, comma-separated and unquoted. An ingested file asked for with the options it was downloaded with comes back byte for byte.
 */
export interface NsrdbDownloadCsv {
  /**
   * Lines 1 and 2: each metadata field's name and value, in file order.
   */
  metadata: {
    name: string;
    value: string;
  }[];
  /**
   * Line 3.
   */
  columnNames: string[];
  /**
   * Each column's cells, one a record.
   */
  columns: string[][];
  lineEnding: '\n' | '\r\n';
}
/**
 * The JSON answer of the NSRDB downloads (docs/api.md §9), in the documentation's envelope: the request's parameters, metadata, the status again, outputs and errors. A .csv request that fails gets it too, as JSON, with its errors (the documentation's clients read `errors` from JSON whatever they asked for).
 */
export interface NsrdbDownloadResponse {
  inputs: {
    /**
     * The request's parameters (api_key aside) as strings, in request order.
     */
    query: {
      [k: string]: string;
    };
  };
  metadata: {
    /**
     * The API's version, 2.0.0.
     */
    version: string;
    resultset: {
      /**
       * The sites of the answer: 0 when it failed.
       */
      count: number;
    };
  };
  /**
   * The HTTP status, again.
   */
  status: number;
  /**
   * Empty when the request failed.
   */
  outputs: {
    message?: string;
    downloadUrl?: string;
  };
  /**
   * Every reason the request failed; empty when it did not.
   */
  errors: string[];
}
/**
 * Query parameters of GET /api/commercial-building-resources/v1/events.{json,jsonp,xml} (also without v1). An empty parameter is ignored.
 */
export interface BuildingEventsParameters {
  /**
   * Only items with any of these terms of the portals vocabulary (field_portal_tags): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  portal?: (number | string)[];
  /**
   * upcoming: events starting now or later; past: events that started before now (field_event_date's first value, UTC). Absent: every event.
   */
  scope?: 'upcoming' | 'past';
  /**
   * JSONP: the name of the JavaScript function to call with the JSON (letters, digits, _, $ and dots, not starting with a digit; at most 64 characters).
   */
  callback?: string;
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'jsonp' | 'xml';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
/**
 * Query parameters of GET /api/commercial-building-resources/v1/resources.{json,xml} (also without v1). Every filter is optional; several filters must all match; an empty parameter is ignored.
 */
export interface BuildingResourcesParameters {
  /**
   * Search: resources whose title or body text (HTML tags aside) contains every word, in any case; "quoted words" must appear together.
   */
  s?: string;
  /**
   * Only items with any of these terms of the audience_types vocabulary (field_audience_types): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  'audience-type'?: (number | string)[];
  /**
   * Only items with any of these terms of the building_types vocabulary (field_building_types): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  'building-type'?: (number | string)[];
  /**
   * Only items with any of these terms of the collections vocabulary (field_collections): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  collection?: (number | string)[];
  /**
   * Only items with any of these terms of the construction_types vocabulary (field_construction_types): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  'construction-type'?: (number | string)[];
  /**
   * Only items with any of these terms of the institutions vocabulary (field_primary_institution or field_secondary_institution): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  institution?: (number | string)[];
  /**
   * Only items with any of these terms of the keywords vocabulary (field_keywords): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  keyword?: (number | string)[];
  /**
   * Only items with any of these terms of the portals vocabulary (field_portal_tags): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  portal?: (number | string)[];
  /**
   * Only items with any of these terms of the publication_types vocabulary (field_publication_type): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  'publication-type'?: (number | string)[];
  /**
   * Only items with any of these terms of the resource_types vocabulary (field_resource_type, or field_resource_type_superset): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  'resource-type'?: (number | string)[];
  /**
   * Only items with any of these terms of the states vocabulary (field_states): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  state?: (number | string)[];
  /**
   * Only items with any of these terms of the tool_types vocabulary (field_tool_type, or field_resource_type_superset): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  'tool-type'?: (number | string)[];
  /**
   * Only items with any of these terms of the topics vocabulary (field_topics): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  topic?: (number | string)[];
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'xml';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
/**
 * Query parameters of GET /api/alt-fuel-stations/v1/electric-networks.json.
 */
export interface FuelStationsElectricNetworksParameters {
  /**
   * Networks with stations in these countries (comma list): US, CA, or all. Default US. A network whose countries are not known is listed under every country.
   */
  country?: ('all' | 'US' | 'CA')[];
  /**
   * true also lists the networks that are not listed on the AFDC (removed ones).
   */
  include_inactive?: 'true' | 'false';
  /**
   * Response format when the path has no extension.
   */
  format?: 'json';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
/**
 * Query parameters of GET /api/alt-fuel-stations/v1/ev-charging-units.csv: the list's filters and limit (docs/decisions.md §3.13).
 */
export interface FuelStationsEvChargingUnitsParameters {
  /**
   * Station status codes to include (comma list): E open, P planned, T temporarily unavailable.
   */
  status?: ('all' | 'E' | 'P' | 'T')[];
  /**
   * Stations with public or private access.
   */
  access?: 'all' | 'public' | 'private';
  /**
   * Fuel types to include (comma list).
   */
  fuel_type?: ('all' | 'BD' | 'CNG' | 'E85' | 'ELEC' | 'HY' | 'LNG' | 'LPG' | 'RD')[];
  /**
   * Stations accepting any of these payment codes (comma list).
   */
  cards_accepted?: (
    | 'all'
    | 'A'
    | 'D'
    | 'M'
    | 'V'
    | 'Cash'
    | 'Checks'
    | 'CFN'
    | 'CleanEnergy'
    | 'Comdata'
    | 'FuelMan'
    | 'GasCard'
    | 'PacificPride'
    | 'PHH'
    | 'Proprietor'
    | 'Speedway'
    | 'TCH'
    | 'Tchek'
    | 'Trillium'
    | 'Voyager'
    | 'Wright_Exp'
    | 'FleetOne'
    | 'EFS'
    | 'Debit'
    | 'CREDIT'
    | 'ACCOUNT_BALANCE'
    | 'ALLIANCE'
    | 'ANDROID_PAY'
    | 'APPLE_PAY'
    | 'ARI'
  )[];
  /**
   * Owner types to include (comma list): P private, T utility, FG federal, LG local, SG state government, J jointly owned.
   */
  owner_type?: ('all' | 'P' | 'T' | 'FG' | 'LG' | 'SG' | 'J')[];
  /**
   * Ids of owning federal agencies (comma list, each from 1 to 2147483647), or all.
   */
  federal_agency_id?: (number | 'all')[];
  /**
   * Stations owned by these federal agencies (comma list of agency codes as in the data, such as DOE, DOI, DON; any case); an unknown code is a 422 listing those in the data.
   */
  federal_agency?: string[];
  /**
   * EV charging networks to include (comma list; names as in the data, any case); restricts to electric stations.
   */
  ev_network?: string[];
  /**
   * Stations whose charging network's own station id is one of these (comma list, exact; the API's ev_network_ids.station, which no CSV export carries). Give ev_network too: ids may repeat across networks.
   */
  ev_network_station_ids?: string[];
  /**
   * Electric stations with at least one outlet of a level (comma list): 1, 2, dc_fast.
   */
  ev_charging_level?: ('all' | '1' | '2' | 'dc_fast')[];
  /**
   * Two-character state or province codes (comma list).
   */
  state?: string[];
  /**
   * 5-digit ZIP codes (comma list).
   */
  zip?: string[];
  /**
   * Electric stations with any of these connector types (comma list; all of them with ev_connector_type_operator=AND): NEMA1450, NEMA515, NEMA520, J1772, J1772COMBO, CHADEMO, TESLA, J3400.
   */
  ev_connector_type?: (
    'all' | 'NEMA1450' | 'NEMA515' | 'NEMA520' | 'J1772' | 'J1772COMBO' | 'CHADEMO' | 'TESLA' | 'J3400'
  )[];
  /**
   * How the connector types of ev_connector_type combine: OR, stations with any of them; AND, stations with all of them.
   */
  ev_connector_type_operator?: 'OR' | 'AND';
  /**
   * Electric stations with at least one charging port whose power is no less than this, in kW (a decimal). With ev_power_kw_max, one port must be within both. Stations whose source gives no charging units (the CSV exports) are never selected.
   */
  ev_power_kw_min?: number;
  /**
   * Electric stations with at least one charging port whose power is no greater than this, in kW (a decimal). With ev_power_kw_min, one port must be within both.
   */
  ev_power_kw_max?: number;
  /**
   * Stations in these countries (comma list): US, CA, or all. Default US (today's service); under STATION_RECORD=2014 every country.
   */
  country?: ('all' | 'US' | 'CA')[];
  /**
   * false leaves out the propane stations that are not primary (lpg_primary false); all keeps them.
   */
  lpg_include_secondary?: 'all' | 'false';
  /**
   * Hydrogen stations whose retail flag is one of these (comma list): true, false.
   */
  hy_is_retail?: ('all' | 'true' | 'false')[];
  /**
   * true: only E85 stations that also have a blender pump.
   */
  e85_has_blender_pump?: 'all' | 'true';
  /**
   * CNG stations with one of these fill types (comma list): B both, Q quick, T time.
   */
  cng_fill_type?: ('all' | 'B' | 'Q' | 'T')[];
  /**
   * CNG stations offering one of these pressures (comma list).
   */
  cng_psi?: ('all' | '2400' | '3000' | '3600')[];
  /**
   * CNG stations that take this vehicle class or larger (LD < MD < HD); deprecated for maximum_vehicle_class.
   */
  cng_vehicle_class?: ('all' | 'LD' | 'MD' | 'HD')[];
  /**
   * LNG stations that take this vehicle class or larger (LD < MD < HD); deprecated for maximum_vehicle_class.
   */
  lng_vehicle_class?: ('all' | 'LD' | 'MD' | 'HD')[];
  /**
   * Stations that take this vehicle class or larger (LD < MD < HD).
   */
  maximum_vehicle_class?: ('all' | 'LD' | 'MD' | 'HD')[];
  /**
   * CNG stations that sell (true) or do not sell (false) renewable natural gas.
   */
  cng_has_rng?: 'all' | 'true' | 'false';
  /**
   * LNG stations that sell (true) or do not sell (false) renewable natural gas.
   */
  lng_has_rng?: 'all' | 'true' | 'false';
  /**
   * Stations whose access is restricted (true) or not (false).
   */
  restricted_access?: 'all' | 'true' | 'false';
  /**
   * Electric stations funded by any of these programs (comma list).
   */
  funding_sources?: ('all' | 'NEVI' | 'CFI' | 'EVC_RAA' | 'CMAQ' | 'CRP' | 'OTHER')[];
  /**
   * Electric stations at one of these facility types (comma list of the codes in the data, such as HOTEL, PAY_GARAGE, CAR_DEALER; any case); an unknown code is a 422 listing those in the data.
   */
  facility_type?: string[];
  /**
   * Only the stations of these ids (comma list, each from 1 to 2147483647), or all.
   */
  ids?: (number | 'all')[];
  /**
   * The most stations to return: an integer from 1 to 2147483647, or all.
   */
  limit?: number | 'all';
  /**
   * Response format when the path has no extension.
   */
  format?: 'csv';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
/**
 * Query parameters of GET /api/alt-fuel-stations/v1/last-updated.json: the key, nothing else.
 */
export interface FuelStationsLastUpdatedParameters {
  /**
   * Response format when the path has no extension.
   */
  format?: 'json';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
/**
 * Query parameters of GET /api/alt-fuel-stations/v1.{json,xml,csv}.
 */
export interface FuelStationsListParameters {
  status?: Status;
  /**
   * Stations with public or private access.
   */
  access?: 'all' | 'public' | 'private';
  fuel_type?: FuelType;
  cards_accepted?: CardsAccepted;
  owner_type?: OwnerType;
  federal_agency_id?: FederalAgencyId;
  federal_agency?: FederalAgency;
  ev_network?: EvNetwork;
  ev_network_station_ids?: EvNetworkStationIds;
  ev_charging_level?: EvChargingLevel;
  state?: State;
  zip?: Zip;
  ev_connector_type?: EvConnectorType;
  /**
   * How the connector types of ev_connector_type combine: OR, stations with any of them; AND, stations with all of them.
   */
  ev_connector_type_operator?: 'OR' | 'AND';
  /**
   * Electric stations with at least one charging port whose power is no less than this, in kW (a decimal). With ev_power_kw_max, one port must be within both. Stations whose source gives no charging units (the CSV exports) are never selected.
   */
  ev_power_kw_min?: number;
  /**
   * Electric stations with at least one charging port whose power is no greater than this, in kW (a decimal). With ev_power_kw_min, one port must be within both.
   */
  ev_power_kw_max?: number;
  country?: Country;
  /**
   * false leaves out the propane stations that are not primary (lpg_primary false); all keeps them.
   */
  lpg_include_secondary?: 'all' | 'false';
  hy_is_retail?: HyIsRetail;
  /**
   * true: only E85 stations that also have a blender pump.
   */
  e85_has_blender_pump?: 'all' | 'true';
  cng_fill_type?: CngFillType;
  cng_psi?: CngPsi;
  cng_vehicle_class?: CngVehicleClass;
  lng_vehicle_class?: LngVehicleClass;
  maximum_vehicle_class?: MaximumVehicleClass;
  /**
   * CNG stations that sell (true) or do not sell (false) renewable natural gas.
   */
  cng_has_rng?: 'all' | 'true' | 'false';
  /**
   * LNG stations that sell (true) or do not sell (false) renewable natural gas.
   */
  lng_has_rng?: 'all' | 'true' | 'false';
  /**
   * Stations whose access is restricted (true) or not (false).
   */
  restricted_access?: 'all' | 'true' | 'false';
  funding_sources?: FundingSources;
  facility_type?: FacilityType;
  /**
   * Only the stations of these ids (comma list, each from 1 to 2147483647), or all.
   */
  ids?: (number | 'all')[];
  /**
   * compact: each station as its id, fuel_type_code, latitude and longitude alone (today's record; under STATION_RECORD=2014, which had no such option, the whole record).
   */
  response_format?: 'compact';
  /**
   * The most stations to return: an integer from 1 to 2147483647, or all.
   */
  limit?: number | 'all';
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'xml' | 'csv' | 'geojson' | 'kml';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
/**
 * Parameters of GET|POST /api/alt-fuel-stations/v1/nearby-route.{json,xml,csv,geojson,kml}: in the query string, or in a form (application/x-www-form-urlencoded) or JSON body of a POST.
 */
export interface FuelStationsNearbyRouteParameters {
  /**
   * The route: a WKT LINESTRING of longitude latitude points (degrees), e.g. LINESTRING(-74.0 40.7, -87.63 41.87, -104.98 39.76); from 2 to 1000 points. Each step between two points is the shorter great-circle arc. Long routes go in a POST body.
   */
  route: string;
  /**
   * The distance from the route to search within, in miles: a number from 0 to 100.
   */
  distance?: number;
  /**
   * What is returned of each station: all, its whole record (the default); ids, its id alone (fuel_station_ids in JSON and XML, an ID column in CSV, GeoJSON features whose properties hold the id alone; KML has no form for it, so it comes as JSON).
   */
  return_type?: 'all' | 'ids';
  status?: Status;
  /**
   * Stations with public or private access.
   */
  access?: 'all' | 'public' | 'private';
  fuel_type?: FuelType;
  cards_accepted?: CardsAccepted;
  owner_type?: OwnerType;
  federal_agency_id?: FederalAgencyId;
  federal_agency?: FederalAgency;
  ev_network?: EvNetwork;
  ev_network_station_ids?: EvNetworkStationIds;
  ev_charging_level?: EvChargingLevel;
  state?: State;
  zip?: Zip;
  ev_connector_type?: EvConnectorType;
  /**
   * How the connector types of ev_connector_type combine: OR, stations with any of them; AND, stations with all of them.
   */
  ev_connector_type_operator?: 'OR' | 'AND';
  /**
   * Electric stations with at least one charging port whose power is no less than this, in kW (a decimal). With ev_power_kw_max, one port must be within both. Stations whose source gives no charging units (the CSV exports) are never selected.
   */
  ev_power_kw_min?: number;
  /**
   * Electric stations with at least one charging port whose power is no greater than this, in kW (a decimal). With ev_power_kw_min, one port must be within both.
   */
  ev_power_kw_max?: number;
  country?: Country;
  /**
   * false leaves out the propane stations that are not primary (lpg_primary false); all keeps them.
   */
  lpg_include_secondary?: 'all' | 'false';
  hy_is_retail?: HyIsRetail;
  /**
   * true: only E85 stations that also have a blender pump.
   */
  e85_has_blender_pump?: 'all' | 'true';
  cng_fill_type?: CngFillType;
  cng_psi?: CngPsi;
  cng_vehicle_class?: CngVehicleClass;
  lng_vehicle_class?: LngVehicleClass;
  maximum_vehicle_class?: MaximumVehicleClass;
  /**
   * CNG stations that sell (true) or do not sell (false) renewable natural gas.
   */
  cng_has_rng?: 'all' | 'true' | 'false';
  /**
   * LNG stations that sell (true) or do not sell (false) renewable natural gas.
   */
  lng_has_rng?: 'all' | 'true' | 'false';
  /**
   * Stations whose access is restricted (true) or not (false).
   */
  restricted_access?: 'all' | 'true' | 'false';
  funding_sources?: FundingSources;
  facility_type?: FacilityType;
  /**
   * The most stations to return: an integer from 0 to 200, or all.
   */
  limit?: number | 'all';
  /**
   * Results to skip, for paging with limit: an integer from 0 to 2147483647.
   */
  offset?: number;
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'xml' | 'csv' | 'geojson' | 'kml';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
/**
 * Query parameters of GET /api/alt-fuel-stations/v1/nearest.{json,xml,csv}.
 */
export interface FuelStationsNearestParameters {
  /**
   * A free-form location, geocoded offline: a ZIP or Canadian postal code, 'City, ST' or 'City, Province', a city alone, a state or province, 'lat,lon', or an address that contains a ZIP code or a city. Either location, or both latitude and longitude, is required.
   */
  location?: string;
  /**
   * Latitude, -90 to 90.
   */
  latitude?: number;
  /**
   * Longitude, -180 to 180.
   */
  longitude?: number;
  /**
   * Search radius in miles: a number from 0, or infinite.
   */
  radius?: number | 'infinite';
  status?: Status;
  /**
   * Stations with public or private access.
   */
  access?: 'all' | 'public' | 'private';
  fuel_type?: FuelType;
  cards_accepted?: CardsAccepted;
  owner_type?: OwnerType;
  federal_agency_id?: FederalAgencyId;
  federal_agency?: FederalAgency;
  ev_network?: EvNetwork;
  ev_network_station_ids?: EvNetworkStationIds;
  ev_charging_level?: EvChargingLevel;
  state?: State;
  zip?: Zip;
  ev_connector_type?: EvConnectorType;
  /**
   * How the connector types of ev_connector_type combine: OR, stations with any of them; AND, stations with all of them.
   */
  ev_connector_type_operator?: 'OR' | 'AND';
  /**
   * Electric stations with at least one charging port whose power is no less than this, in kW (a decimal). With ev_power_kw_max, one port must be within both. Stations whose source gives no charging units (the CSV exports) are never selected.
   */
  ev_power_kw_min?: number;
  /**
   * Electric stations with at least one charging port whose power is no greater than this, in kW (a decimal). With ev_power_kw_min, one port must be within both.
   */
  ev_power_kw_max?: number;
  country?: Country;
  /**
   * false leaves out the propane stations that are not primary (lpg_primary false); all keeps them.
   */
  lpg_include_secondary?: 'all' | 'false';
  hy_is_retail?: HyIsRetail;
  /**
   * true: only E85 stations that also have a blender pump.
   */
  e85_has_blender_pump?: 'all' | 'true';
  cng_fill_type?: CngFillType;
  cng_psi?: CngPsi;
  cng_vehicle_class?: CngVehicleClass;
  lng_vehicle_class?: LngVehicleClass;
  maximum_vehicle_class?: MaximumVehicleClass;
  /**
   * CNG stations that sell (true) or do not sell (false) renewable natural gas.
   */
  cng_has_rng?: 'all' | 'true' | 'false';
  /**
   * LNG stations that sell (true) or do not sell (false) renewable natural gas.
   */
  lng_has_rng?: 'all' | 'true' | 'false';
  /**
   * Stations whose access is restricted (true) or not (false).
   */
  restricted_access?: 'all' | 'true' | 'false';
  funding_sources?: FundingSources;
  facility_type?: FacilityType;
  /**
   * compact: each station as its id, fuel_type_code, latitude and longitude alone (today's record; under STATION_RECORD=2014, which had no such option, the whole record).
   */
  response_format?: 'compact';
  /**
   * The most stations to return: an integer from 1 to 2147483647, or all.
   */
  limit?: number | 'all';
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'xml' | 'csv' | 'geojson' | 'kml';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
  /**
   * Results to skip, for paging with limit: an integer from 0 to 2147483647.
   */
  offset?: number;
}
/**
 * Query (or POST form) parameters of GET|POST /api/solar/nsrdb_data_query.{json,xml} (docs/api.md §10): the point is wkt (POINT(lon lat)), else lat and lon, else address (geocoded as the fuel-station search's location). One of them is required. Every failing parameter is listed.
 */
export interface NsrdbDataQueryParameters {
  /**
   * The point, as well-known text: POINT(longitude latitude).
   */
  wkt?: string;
  /**
   * Latitude, -90 to 90; with lon, when wkt is not given.
   */
  lat?: number;
  /**
   * Longitude, -180 to 180; with lat, when wkt is not given.
   */
  lon?: number;
  /**
   * A place to geocode (a ZIP code, 'City, ST', or an address that contains either), when neither wkt nor lat and lon are given.
   */
  address?: string;
  /**
   * Which kind of data set to list: satellite (the NSRDB's, every one here) or station (none here).
   */
  type?: 'satellite' | 'station';
  /**
   * true: list every data set, those without data at the point too (with no years, intervals or links); default false.
   */
  show_empty?: 'true' | 'false';
  /**
   * JSONP (JSON format only): the name of the JavaScript function to call with the JSON.
   */
  callback?: string;
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'xml';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
/**
 * Query (or POST form) parameters of GET|POST /api/nsrdb/v2/solar/nsrdb-GOES-tmy-v4-0-0-download.csv (docs/api.md §9): one point's typical year as an NSRDB download, from the data set's nsrdb cell that holds the point. Parameters the schema does not name are ignored; a missing required parameter is a 400, any other failing one a 422, and every one is listed.
 */
export interface NsrdbGoesTmyV4DownloadParameters {
  /**
   * The point, as well-known text: POINT(lon lat) (the .csv form takes a single point; MULTIPOINT and POLYGON are the archive form's). Required.
   */
  wkt?: string;
  /**
   * The year to extract: for the .csv form one name of the list, each answered with the cell's typical year (the data set holds one). Required.
   */
  names?: (
    | 'tmy'
    | 'tmy-2022'
    | 'tdy-2022'
    | 'tgy-2022'
    | 'tmy-2023'
    | 'tdy-2023'
    | 'tgy-2023'
    | 'tmy-2024'
    | 'tdy-2024'
    | 'tgy-2024'
  )[];
  /**
   * Which columns to give, in this order after the time columns; all the cell holds when absent. An attribute the cell does not hold is a 422.
   */
  attributes?: (
    | 'air_temperature'
    | 'alpha'
    | 'aod'
    | 'asymmetry'
    | 'clearsky_dhi'
    | 'clearsky_dni'
    | 'clearsky_ghi'
    | 'cloud_fill_flag'
    | 'cloud_type'
    | 'dew_point'
    | 'dhi'
    | 'dni'
    | 'fill_flag'
    | 'ghi'
    | 'ozone'
    | 'relative_humidity'
    | 'solar_zenith_angle'
    | 'ssa'
    | 'surface_albedo'
    | 'surface_pressure'
    | 'tmy_year'
    | 'total_precipitable_water'
    | 'wind_direction'
    | 'wind_speed'
  )[];
  /**
   * true (default): timestamps in UTC; false: in the cell's local standard time.
   */
  utc?: 'true' | 'false';
  /**
   * Whether to include 29 February where a year has one (default false); a typical year has none, so both give 8,760 hours.
   */
  leap_day?: 'true' | 'false';
  /**
   * Minutes between records: 60, the only interval of the data. Required.
   */
  interval?: number;
  /**
   * The requester's email address, as the real service requires it; checked for form, never used to send anything. Required.
   */
  email?: string;
  /**
   * The requester's name (accepted, unused).
   */
  full_name?: string;
  /**
   * The requester's organisation (accepted, unused).
   */
  affiliation?: string;
  /**
   * Why the data is requested (accepted, unused).
   */
  reason?: string;
  /**
   * Whether to join the NSRDB mailing list (accepted, unused).
   */
  mailing_list?: 'true' | 'false';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
/**
 * Query (or POST form) parameters of GET|POST /api/nsrdb/v2/solar/psm3-2-2-tmy-download.csv (docs/api.md §9): one point's typical year as an NSRDB download, from the data set's nsrdb cell that holds the point. Parameters the schema does not name are ignored; a missing required parameter is a 400, any other failing one a 422, and every one is listed.
 */
export interface NsrdbPsm3TmyDownloadParameters {
  /**
   * The point, as well-known text: POINT(lon lat) (the .csv form takes a single point; MULTIPOINT and POLYGON are the archive form's). Required.
   */
  wkt?: string;
  /**
   * The year to extract: for the .csv form one name of the list, each answered with the cell's typical year (the data set holds one). Required.
   */
  names?: ('tmy' | 'tdy' | 'tgy' | 'tmy-2022' | 'tdy-2022' | 'tgy-2022' | 'tmy-2021' | 'tdy-2021' | 'tgy-2021')[];
  /**
   * Which columns to give, in this order after the time columns; all the cell holds when absent. An attribute the cell does not hold is a 422.
   */
  attributes?: (
    | 'dhi'
    | 'dni'
    | 'ghi'
    | 'dew_point'
    | 'air_temperature'
    | 'surface_pressure'
    | 'wind_direction'
    | 'wind_speed'
    | 'surface_albedo'
  )[];
  /**
   * true (default): timestamps in UTC; false: in the cell's local standard time.
   */
  utc?: 'true' | 'false';
  /**
   * The requester's email address, as the real service requires it; checked for form, never used to send anything. Required.
   */
  email?: string;
  /**
   * The requester's name (accepted, unused).
   */
  full_name?: string;
  /**
   * The requester's organisation (accepted, unused).
   */
  affiliation?: string;
  /**
   * Why the data is requested (accepted, unused).
   */
  reason?: string;
  /**
   * Whether to join the NSRDB mailing list (accepted, unused).
   */
  mailing_list?: 'true' | 'false';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
/**
 * Query parameters of GET /api/pvwatts/v6.{json,xml} (also /api/pv-estimator/v6) (docs/api.md §5.1; docs/decisions.md §5.4). The location is either lat and lon (with dataset and radius: the nearest station of that dataset) or file_id (an id from the solar dataset query v1); lat and lon are required unless file_id is given, and dataset must not be given with file_id (checked by the endpoint). Every failing parameter is listed in a 422.
 */
export interface PvwattsV6Parameters {
  /**
   * Nameplate DC capacity, kW: 0.05 to 500000.
   */
  system_capacity: number;
  /**
   * Module type: 0 standard, 1 premium, 2 thin film.
   */
  module_type: 0 | 1 | 2;
  /**
   * System losses, percent: -5 to 99.
   */
  losses: number;
  /**
   * Array type: 0 fixed open rack, 1 fixed roof mounted, 2 1-axis, 3 1-axis backtracking, 4 2-axis.
   */
  array_type: 0 | 1 | 2 | 3 | 4;
  /**
   * Tilt angle, degrees from horizontal: 0 to 90 (the axis tilt for 1-axis arrays; required but unused for 2-axis arrays).
   */
  tilt: number;
  /**
   * Azimuth angle, degrees clockwise from north: 0 up to but not including 360 (the axis azimuth for 1-axis arrays; required but unused for 2-axis arrays).
   */
  azimuth: number;
  /**
   * Latitude of the location, -90 to 90; required unless file_id is given.
   */
  lat?: number;
  /**
   * Longitude of the location, -180 to 180; required unless file_id is given.
   */
  lon?: number;
  /**
   * A climate station id from the solar dataset query v1 (0-<WBAN>, 1-<USAF>, 2-<id>, 3-<location id>): simulate on that station's weather instead of the one nearest lat/lon. Not to be given with dataset.
   */
  file_id?: string;
  /**
   * Climate dataset searched for the station nearest lat/lon: nsrdb, tmy2, tmy3 or intl. Not to be given with file_id.
   */
  dataset?: 'nsrdb' | 'tmy2' | 'tmy3' | 'intl';
  /**
   * Search radius, miles; 0 uses the closest station whatever its distance.
   */
  radius?: number;
  /**
   * monthly, or hourly: also the hourly outputs (ac, poa, dn, dc, df, tamb, tcell, wspd; one value per weather record, 8760 for an hourly file).
   */
  timeframe?: 'monthly' | 'hourly';
  /**
   * DC to AC ratio; must be positive.
   */
  dc_ac_ratio?: number;
  /**
   * Ground coverage ratio, 0 to 3 (used by 1-axis arrays).
   */
  gcr?: number;
  /**
   * Inverter efficiency at rated power, percent: 90 to 99.5.
   */
  inv_eff?: number;
  /**
   * JSONP (JSON format only): the name of the JavaScript function to call with the JSON (letters, digits, _, $ and dots, not starting with a digit; at most 64 characters).
   */
  callback?: string;
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'xml';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
/**
 * Query parameters of GET /api/pvwatts/v8.{json,xml} (the PVWatts v8 documentation, developer.nrel.gov/docs/solar/pvwatts/v8/). The location is either lat and lon (with dataset and radius: the nearest station of that dataset) or file_id (an id from the solar dataset query v2; v1-only ids are refused as unknown files); lat and lon are required unless file_id is given, and dataset must not be given with file_id, and albedo and soiling take one value or twelve (all checked by the endpoint). Every failing parameter is listed in a 422.
 */
export interface PvwattsV8Parameters {
  /**
   * Nameplate DC capacity, kW: 0.05 to 500000.
   */
  system_capacity: number;
  /**
   * Module type: 0 standard, 1 premium, 2 thin film.
   */
  module_type: 0 | 1 | 2;
  /**
   * System losses, percent: -5 to 99.
   */
  losses: number;
  /**
   * Array type: 0 fixed open rack, 1 fixed roof mounted, 2 1-axis, 3 1-axis backtracking, 4 2-axis.
   */
  array_type: 0 | 1 | 2 | 3 | 4;
  /**
   * Tilt angle, degrees from horizontal: 0 to 90 (the axis tilt for 1-axis arrays; required but unused for 2-axis arrays).
   */
  tilt: number;
  /**
   * Azimuth angle, degrees clockwise from north: 0 up to but not including 360 (the axis azimuth for 1-axis arrays; required but unused for 2-axis arrays).
   */
  azimuth: number;
  /**
   * Latitude of the location, -90 to 90; required unless file_id is given.
   */
  lat?: number;
  /**
   * Longitude of the location, -180 to 180; required unless file_id is given.
   */
  lon?: number;
  /**
   * A climate station id from the solar dataset query v2: simulate on that station's weather instead of the one nearest lat/lon. Ids of the solar dataset query v1 are refused. Not to be given with dataset.
   */
  file_id?: string;
  /**
   * Climate dataset searched for the station nearest lat/lon: nsrdb, tmy2, tmy3 or intl. Not to be given with file_id.
   */
  dataset?: 'nsrdb' | 'tmy2' | 'tmy3' | 'intl';
  /**
   * Search radius, miles; 0 uses the closest station whatever its distance.
   */
  radius?: number;
  /**
   * monthly, or hourly: also the hourly outputs (ac, poa, dn, dc, df, tamb, tcell, wspd, alb; one value per weather record, 8760 for an hourly file).
   */
  timeframe?: 'monthly' | 'hourly';
  /**
   * DC to AC ratio; must be positive.
   */
  dc_ac_ratio?: number;
  /**
   * Ground coverage ratio, 0.01 to 0.99 (row spacing for self-shading and the rear side of bifacial modules).
   */
  gcr?: number;
  /**
   * Inverter efficiency at rated power, percent: 90 to 99.5.
   */
  inv_eff?: number;
  /**
   * Ratio of rear-side to front-side module efficiency, 0 to 1 (0 or absent: a monofacial module).
   */
  bifaciality?: number;
  /**
   * Ground reflectance, more than 0 and less than 1: one value for every month, or twelve separated by | (January first). Given, it is used instead of the weather file's (use_wf_albedo then defaults to 0).
   *
   * @minItems 1
   * @maxItems 12
   */
  albedo?:
    | [number]
    | [number, number]
    | [number, number, number]
    | [number, number, number, number]
    | [number, number, number, number, number]
    | [number, number, number, number, number, number]
    | [number, number, number, number, number, number, number]
    | [number, number, number, number, number, number, number, number]
    | [number, number, number, number, number, number, number, number, number]
    | [number, number, number, number, number, number, number, number, number, number]
    | [number, number, number, number, number, number, number, number, number, number, number]
    | [number, number, number, number, number, number, number, number, number, number, number, number];
  /**
   * 1: the weather file's albedo where it has a valid one (more than 0 and less than 1; 0.2 elsewhere); 0: the albedo parameter (0.2 without one). Default: 0 when albedo is given, else 1 (ssc's default).
   */
  use_wf_albedo?: 0 | 1;
  /**
   * Soiling losses, percent (0 to 100): twelve monthly values separated by | (January first), or one value for every month.
   *
   * @minItems 1
   * @maxItems 12
   */
  soiling?:
    | [number]
    | [number, number]
    | [number, number, number]
    | [number, number, number, number]
    | [number, number, number, number, number]
    | [number, number, number, number, number, number]
    | [number, number, number, number, number, number, number]
    | [number, number, number, number, number, number, number, number]
    | [number, number, number, number, number, number, number, number, number]
    | [number, number, number, number, number, number, number, number, number, number]
    | [number, number, number, number, number, number, number, number, number, number, number]
    | [number, number, number, number, number, number, number, number, number, number, number, number];
  /**
   * JSONP (JSON format only): the name of the JavaScript function to call with the JSON (letters, digits, _, $ and dots, not starting with a digit; at most 64 characters).
   */
  callback?: string;
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'xml';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name); echoed in inputs when given as a parameter, as the v8 documentation's example shows.
   */
  api_key?: string;
}
/**
 * Query parameters of GET /api/solar/data_query/v1.{json,xml,csv} and /v2 (docs/api.md §4.3). all=1 also needs radius > 0 (checked by the endpoint).
 */
export interface SolarDataQueryParameters {
  /**
   * Latitude, -90 to 90.
   */
  lat: number;
  /**
   * Longitude, -180 to 180.
   */
  lon: number;
  /**
   * Search radius in miles, 0 to 2000; 0 returns the closest station of each dataset whatever its distance.
   */
  radius?: number;
  /**
   * 1 also returns every station within radius (all_stations); 0 or 1.
   */
  all?: 0 | 1;
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'xml' | 'csv';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
/**
 * Query parameters of GET /api/solar/solar_resource/v1.{json,xml} (docs/api.md §8): the point is lat and lon, or else address, geocoded as the fuel-station search's location (a ZIP code, 'City, ST', or an address that contains either). lat and lon are required unless address is given, and win over it when both are (checked by the endpoint). Every failing parameter is listed in a 422.
 */
export interface SolarResourceParameters {
  /**
   * Latitude, -90 to 90; required unless address is given.
   */
  lat?: number;
  /**
   * Longitude, -180 to 180; required unless address is given.
   */
  lon?: number;
  /**
   * Instead of lat and lon: a place to geocode (a ZIP code, 'City, ST', or an address that contains either).
   */
  address?: string;
  /**
   * JSONP (JSON format only): the name of the JavaScript function to call with the JSON (letters, digits, _, $ and dots, not starting with a digit; at most 64 characters).
   */
  callback?: string;
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'xml';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
/**
 * A 422 of the estimator (docs/decisions.md §5.6; the v5 error sample): the envelope with errors filled, no station_info, and outputs {} (XML <outputs>\n  </outputs>). One message per failing parameter, e.g. 'inv_eff' must be between 90 and 99.5; or the location's problem (Unable to load data file for file_id specified: "0-99999"; no station within radius).
 */
export interface PvwattsV6Errors {
  inputs: PvwattsV6Inputs;
  /**
   * Why the request failed, one message per problem.
   *
   * @minItems 1
   */
  errors: [string, ...string[]];
  warnings: PvwattsV6Warnings;
  version: PvwattsV6Version;
  ssc_info: PvwattsV6SscInfo;
  /**
   * Always empty.
   */
  outputs: {};
}
/**
 * The request's parameters echoed as strings, in request order (the last of a repeated one); api_key and format are not echoed, nor parameters the endpoint does not take.
 */
export interface PvwattsV6Inputs {
  [k: string]: string;
}
/**
 * The simulation engine: ours, not NREL's SAM Simulation Core. version is the engine's own integer version; build names it.
 */
export interface PvwattsV6SscInfo {
  version: number;
  build: string;
}
/**
 * Response of GET /api/pvwatts/v6.{json,xml} and /api/pv-estimator/v6 (docs/api.md §5; docs/decisions.md §5; the v6 documentation example and the 2021 wire response): the PVWatts v5 model run for the system on the station's weather. Every number of station_info and outputs is a single-precision value widened to double, written shortest-roundtrip; a value the model gives as NaN (a 1-axis array with gcr 0) is null. A 422 is PvwattsV6Errors.
 */
export interface PvwattsV6 {
  inputs: PvwattsV6Inputs;
  /**
   * Empty on success.
   *
   * @maxItems 0
   */
  errors: [];
  warnings: PvwattsV6Warnings;
  version: PvwattsV6Version;
  ssc_info: PvwattsV6SscInfo;
  /**
   * The climate station simulated on: ssc's location outputs from the weather file header, the file name and the distance from the requested point.
   */
  station_info: {
    /**
     * Latitude of the weather file header, degrees (single precision).
     */
    lat: number;
    /**
     * Longitude of the weather file header, degrees (single precision).
     */
    lon: number;
    /**
     * Elevation of the weather file header, metres (single precision).
     */
    elev: number;
    /**
     * Time zone of the weather file header, hours from UTC (a float: -7.0).
     */
    tz: number;
    /**
     * Station id of the weather file header (WBAN, USAF, station id); "None" for nsrdb, as the real service printed it.
     */
    location: string;
    /**
     * City of the header as read (TMY3 keeps its quotes); for nsrdb the solar dataset query's city ("").
     */
    city: string;
    /**
     * State of the header as read (CO); for nsrdb the solar dataset query's state (Colorado).
     */
    state: string;
    /**
     * Name of the weather file (94018.tm2, W10502N4001.csv); for the synthetic sample, the name a real file of that station would have.
     */
    solar_resource_file: string;
    /**
     * Distance from the requested point to the station, metres (0 for file_id requests).
     */
    distance: number;
  };
  /**
   * Monthly and annual results; with timeframe=hourly also the hourly arrays.
   */
  outputs: {
    /**
     * AC system output per month, kWhac: 12 values, January first.
     */
    ac_monthly: (number | null)[];
    /**
     * Plane-of-array irradiation per month, kWh/m²: 12 values.
     */
    poa_monthly: (number | null)[];
    /**
     * Mean daily plane-of-array irradiation per month, kWh/m²/day: 12 values.
     */
    solrad_monthly: (number | null)[];
    /**
     * DC array output per month, kWhdc: 12 values.
     */
    dc_monthly: (number | null)[];
    /**
     * Annual AC system output, kWhac.
     */
    ac_annual: number | null;
    /**
     * Annual solar radiation: the mean of the 12 monthly values, kWh/m²/day.
     */
    solrad_annual: number | null;
    /**
     * AC output over DC nameplate × 8760 h, percent.
     */
    capacity_factor: number | null;
    /**
     * Hourly (timeframe=hourly only): AC output, Wac; one value per weather record (8760 for an hourly file).
     */
    ac?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): Plane-of-array irradiance (after shading, before cover loss), W/m²; one value per weather record (8760 for an hourly file).
     */
    poa?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): Beam normal irradiance of the weather file, W/m²; one value per weather record (8760 for an hourly file).
     */
    dn?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): DC output, Wdc; one value per weather record (8760 for an hourly file).
     */
    dc?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): Diffuse horizontal irradiance of the weather file, W/m²; one value per weather record (8760 for an hourly file).
     */
    df?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): Ambient temperature, °C; one value per weather record (8760 for an hourly file).
     */
    tamb?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): Module temperature (ambient at night), °C; one value per weather record (8760 for an hourly file).
     */
    tcell?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): Wind speed of the weather file, m/s; one value per weather record (8760 for an hourly file).
     */
    wspd?: (number | null)[];
  };
}
/**
 * A 422 of PVWatts v8: the envelope with errors filled, no station_info, and outputs {} (XML <outputs>\n  </outputs>), as v6's. One message per failing parameter, e.g. 'gcr' must be between 0.01 and 0.99; or the location's problem (Unable to load data file for file_id specified: "3-W105N040-W10502N4001" for an id of the solar dataset query v1; no station within radius).
 */
export interface PvwattsV8Errors {
  inputs: PvwattsV8Inputs;
  /**
   * Why the request failed, one message per problem.
   *
   * @minItems 1
   */
  errors: [string, ...string[]];
  warnings: PvwattsV8Warnings;
  version: PvwattsV8Version;
  ssc_info: PvwattsV8SscInfo;
  /**
   * Always empty.
   */
  outputs: {};
}
/**
 * The request's parameters echoed in request order (the last of a repeated one), api_key included as the documentation's example shows (format and parameters the endpoint does not take are not): strings as given, except a value with | (soiling, albedo), echoed as its list of numbers ("soiling":[12.0,4.0,…]).
 */
export interface PvwattsV8Inputs {
  [k: string]: string | number[];
}
/**
 * The simulation engine: ours, not NREL's SAM Simulation Core. version is the engine's own integer version; build names it; module is ssc's compute module the engine reimplements.
 */
export interface PvwattsV8SscInfo {
  version: number;
  build: string;
  module: 'pvwattsv8';
}
/**
 * Response of GET /api/pvwatts/v8.{json,xml} (the PVWatts v8 documentation's example): ssc's pvwattsv8 model (at 2025.4.16.r0.ssc.302) run for the system on the station's weather. Numbers are the model's doubles; JSON writes them with 16 significant digits (x-json-digits), as the documentation's JSON does (321.3271515621691), XML shortest-roundtrip as its XML does (321.32715156216915). A value the model gives as NaN is null. A 422 is PvwattsV8Errors.
 */
export interface PvwattsV8 {
  inputs: PvwattsV8Inputs;
  /**
   * Empty on success.
   *
   * @maxItems 0
   */
  errors: [];
  warnings: PvwattsV8Warnings;
  version: PvwattsV8Version;
  ssc_info: PvwattsV8SscInfo;
  /**
   * The climate station simulated on: ssc's location outputs from the weather file header, the file's name and the data source. No distance: the documentation's field table lists one, its example (the real answer) has none.
   */
  station_info: {
    /**
     * Latitude of the weather file header, degrees (single precision, widened).
     */
    lat: number;
    /**
     * Longitude of the weather file header, degrees (single precision, widened).
     */
    lon: number;
    /**
     * Elevation of the weather file header, metres (single precision, widened).
     */
    elev: number;
    /**
     * Time zone of the weather file header, hours from UTC (a float: -7.0).
     */
    tz: number;
    /**
     * Station id of the weather file header (WBAN, USAF, station id; the NSRDB location id, "149190").
     */
    location: string;
    /**
     * City of the header as read; for nsrdb the solar dataset query's city ("").
     */
    city: string;
    /**
     * State of the header as read; for nsrdb the solar dataset query's state (Colorado).
     */
    state: string;
    /**
     * Name of the weather file (94018.tm2; for nsrdb <location id>.csv as the documentation shows, 149190.csv); for the synthetic sample, the name a real file of that station would have.
     */
    solar_resource_file: string;
    /**
     * Source of the weather data, as the solar dataset query v2 prints it (NSRDB PSM V3 GOES tmy-2020 3.2.0).
     */
    weather_data_source: string;
  };
  /**
   * Monthly and annual results; with timeframe=hourly also the hourly arrays.
   */
  outputs: {
    /**
     * AC system output per month, kWhac: 12 values, January first.
     */
    ac_monthly: (number | null)[];
    /**
     * Plane-of-array irradiation per month (front side after shading and soiling, plus the rear side's), kWh/m²: 12 values.
     */
    poa_monthly: (number | null)[];
    /**
     * Mean daily plane-of-array irradiation per month, kWh/m²/day: 12 values.
     */
    solrad_monthly: (number | null)[];
    /**
     * DC array output per month, kWhdc: 12 values.
     */
    dc_monthly: (number | null)[];
    /**
     * Annual AC system output, kWhac.
     */
    ac_annual: number | null;
    /**
     * Annual solar radiation: the mean of the 12 monthly values, kWh/m²/day.
     */
    solrad_annual: number | null;
    /**
     * AC output over DC nameplate × 8760 h, percent.
     */
    capacity_factor: number | null;
    /**
     * Hourly (timeframe=hourly only): AC output, Wac; one value per weather record (8760 for an hourly file).
     */
    ac?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): plane-of-array irradiance, W/m²; one value per weather record (8760 for an hourly file).
     */
    poa?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): beam normal irradiance of the weather file, W/m²; one value per weather record (8760 for an hourly file).
     */
    dn?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): DC output, Wdc; one value per weather record (8760 for an hourly file).
     */
    dc?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): diffuse horizontal irradiance of the weather file, W/m²; one value per weather record (8760 for an hourly file).
     */
    df?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): ambient temperature, °C; one value per weather record (8760 for an hourly file).
     */
    tamb?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): module temperature (ambient at night), °C; one value per weather record (8760 for an hourly file).
     */
    tcell?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): wind speed of the weather file, m/s; one value per weather record (8760 for an hourly file).
     */
    wspd?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): albedo used (the weather file's, the albedo parameter's, or 0.2); one value per weather record (8760 for an hourly file).
     */
    alb?: (number | null)[];
  };
}
/**
 * Response of GET /api/solar/data_query/v1.{json,xml,csv} (docs/decisions.md §4; the v1 documentation example): the closest station of each dataset within radius, null with a warning when there is none; with all=1, all_stations lists every station within radius, nearest first (ties by id), each with its dataset. A 422 has the same envelope with errors filled and outputs {}. inputs echo the request's lat, lon, radius and all parameters as given (the last of a repeated one), in request order; v1 does not echo api_key, and no other parameter is echoed.
 */
export interface SolarDataQueryV1 {
  /**
   * Service version: 1.3.1.
   */
  version: '1.3.1';
  /**
   * Warnings, e.g. 'No intl data found for lat=40.0 lon=-105.0' for each dataset with nothing in range.
   */
  warnings: string[];
  /**
   * Why the request failed (422), one message per problem; empty on success.
   */
  errors: string[];
  /**
   * Always empty.
   */
  metadata: {};
  /**
   * The request's parameters echoed as strings, in request order.
   */
  inputs: {
    [k: string]: string;
  };
  /**
   * One key per dataset, in the order tmy2, tmy3, intl, nsrdb (null when nothing is in range), then all_stations when all=1; empty on a 422.
   */
  outputs: {
    tmy2?: SolarV1Station | null;
    tmy3?: SolarV1Station | null;
    intl?: SolarV1Station | null;
    nsrdb?: SolarV1NsrdbCell | null;
    /**
     * Every station within radius, nearest first (ties by id), each with its dataset; only when all=1.
     */
    all_stations?: (SolarV1StationItem | SolarV1NsrdbItem)[];
  };
}
/**
 * A tmy2, tmy3 or intl station.
 */
export interface SolarV1Station {
  /**
   * Id within the dataset, v1's: PVWatts v6's file_id takes it, v8's does not (0-<WBAN>, 1-<USAF>, 2-<id>, nsrdb 3-<1° tile>-<cell>: 3-W105N040-W10502N4001).
   */
  id: string;
  /**
   * City (may be empty).
   */
  city: string;
  /**
   * State: full upper-case name for tmy2, tmy3 and intl; title case for nsrdb.
   */
  state: string;
  /**
   * Standard time offset from UTC, whole hours.
   */
  timezone: number;
  /**
   * Latitude, degrees north.
   */
  lat: number;
  /**
   * Longitude, degrees east.
   */
  lon: number;
  /**
   * Elevation, metres.
   */
  elevation: number;
  /**
   * Distance from the requested point, metres (haversine on a 6,371,008.8 m sphere, rounded).
   */
  distance: number;
}
/**
 * An nsrdb grid cell.
 */
export interface SolarV1NsrdbCell {
  /**
   * Id within the dataset, v1's: PVWatts v6's file_id takes it, v8's does not (0-<WBAN>, 1-<USAF>, 2-<id>, nsrdb 3-<1° tile>-<cell>: 3-W105N040-W10502N4001).
   */
  id: string;
  /**
   * City (may be empty).
   */
  city: string;
  /**
   * State: full upper-case name for tmy2, tmy3 and intl; title case for nsrdb.
   */
  state: string;
  /**
   * Latitude, degrees north.
   */
  lat: number;
  /**
   * Longitude, degrees east.
   */
  lon: number;
  /**
   * Distance from the requested point, metres (haversine on a 6,371,008.8 m sphere, rounded).
   */
  distance: number;
  /**
   * Standard time offset from UTC, whole hours.
   */
  timezone: number;
  /**
   * Elevation, metres.
   */
  elevation: number;
  /**
   * Grid resolution, km.
   */
  resolution: number;
}
/**
 * A tmy2, tmy3 or intl station in all_stations.
 */
export interface SolarV1StationItem {
  /**
   * Id within the dataset, v1's: PVWatts v6's file_id takes it, v8's does not (0-<WBAN>, 1-<USAF>, 2-<id>, nsrdb 3-<1° tile>-<cell>: 3-W105N040-W10502N4001).
   */
  id: string;
  /**
   * City (may be empty).
   */
  city: string;
  /**
   * State: full upper-case name for tmy2, tmy3 and intl; title case for nsrdb.
   */
  state: string;
  /**
   * Standard time offset from UTC, whole hours.
   */
  timezone: number;
  /**
   * Latitude, degrees north.
   */
  lat: number;
  /**
   * Longitude, degrees east.
   */
  lon: number;
  /**
   * Elevation, metres.
   */
  elevation: number;
  /**
   * Distance from the requested point, metres (haversine on a 6,371,008.8 m sphere, rounded).
   */
  distance: number;
  /**
   * The dataset the entry belongs to.
   */
  dataset: 'tmy2' | 'tmy3' | 'intl';
}
/**
 * An nsrdb grid cell in all_stations.
 */
export interface SolarV1NsrdbItem {
  /**
   * Id within the dataset, v1's: PVWatts v6's file_id takes it, v8's does not (0-<WBAN>, 1-<USAF>, 2-<id>, nsrdb 3-<1° tile>-<cell>: 3-W105N040-W10502N4001).
   */
  id: string;
  /**
   * City (may be empty).
   */
  city: string;
  /**
   * State: full upper-case name for tmy2, tmy3 and intl; title case for nsrdb.
   */
  state: string;
  /**
   * Latitude, degrees north.
   */
  lat: number;
  /**
   * Longitude, degrees east.
   */
  lon: number;
  /**
   * Distance from the requested point, metres (haversine on a 6,371,008.8 m sphere, rounded).
   */
  distance: number;
  /**
   * Standard time offset from UTC, whole hours.
   */
  timezone: number;
  /**
   * Elevation, metres.
   */
  elevation: number;
  /**
   * Grid resolution, km.
   */
  resolution: number;
  /**
   * The dataset the entry belongs to.
   */
  dataset: 'nsrdb';
}
/**
 * Response of GET /api/solar/data_query/v2.{json,xml,csv}: as v1, plus weather_data_source on every entry and country on nsrdb entries; inputs echo api_key too when it was given as a query parameter (the v2 documentation example). all_stations as in v1 when all=1. Version 2 serves the same catalog as version 1 (one nsrdb dataset, no sub-datasets), under its own ids: an nsrdb cell's v2 id (3-G-0149190, PVWatts v8's file_id) is not its v1 id (3-W105N040-W10502N4001, PVWatts v6's); tmy2, tmy3 and intl ids are the same in both.
 */
export interface SolarDataQueryV2 {
  /**
   * Service version: 1.4.0.
   */
  version: '1.4.0';
  /**
   * Warnings, e.g. 'No intl data found for lat=40.0 lon=-105.0' for each dataset with nothing in range.
   */
  warnings: string[];
  /**
   * Why the request failed (422), one message per problem; empty on success.
   */
  errors: string[];
  /**
   * Always empty.
   */
  metadata: {};
  /**
   * The request's parameters echoed as strings, in request order.
   */
  inputs: {
    [k: string]: string;
  };
  /**
   * One key per dataset, in the order tmy2, tmy3, intl, nsrdb (null when nothing is in range), then all_stations when all=1; empty on a 422.
   */
  outputs: {
    tmy2?: SolarV2Station | null;
    tmy3?: SolarV2Station | null;
    intl?: SolarV2Station | null;
    nsrdb?: SolarV2NsrdbCell | null;
    /**
     * Every station within radius, nearest first (ties by id), each with its dataset; only when all=1.
     */
    all_stations?: (SolarV2StationItem | SolarV2NsrdbItem)[];
  };
}
/**
 * A tmy2, tmy3 or intl station.
 */
export interface SolarV2Station {
  /**
   * Id within the dataset, v2's: PVWatts v8's file_id takes it (0-<WBAN>, 1-<USAF>, 2-<id> as in v1; nsrdb 3-G-<NSRDB location id, 7 digits>: 3-G-0149190).
   */
  id: string;
  /**
   * City (may be empty).
   */
  city: string;
  /**
   * State: full upper-case name for tmy2, tmy3 and intl; title case for nsrdb.
   */
  state: string;
  /**
   * Standard time offset from UTC, whole hours.
   */
  timezone: number;
  /**
   * Latitude, degrees north.
   */
  lat: number;
  /**
   * Longitude, degrees east.
   */
  lon: number;
  /**
   * Elevation, metres.
   */
  elevation: number;
  /**
   * Distance from the requested point, metres (haversine on a 6,371,008.8 m sphere, rounded).
   */
  distance: number;
  /**
   * Source of the weather data used in simulation (v2).
   */
  weather_data_source: string;
}
/**
 * An nsrdb grid cell.
 */
export interface SolarV2NsrdbCell {
  /**
   * Id within the dataset, v2's: PVWatts v8's file_id takes it (0-<WBAN>, 1-<USAF>, 2-<id> as in v1; nsrdb 3-G-<NSRDB location id, 7 digits>: 3-G-0149190).
   */
  id: string;
  /**
   * City (may be empty).
   */
  city: string;
  /**
   * State: full upper-case name for tmy2, tmy3 and intl; title case for nsrdb.
   */
  state: string;
  /**
   * Country (v2).
   */
  country: string | null;
  /**
   * Latitude, degrees north.
   */
  lat: number;
  /**
   * Longitude, degrees east.
   */
  lon: number;
  /**
   * Distance from the requested point, metres (haversine on a 6,371,008.8 m sphere, rounded).
   */
  distance: number;
  /**
   * Standard time offset from UTC, whole hours.
   */
  timezone: number;
  /**
   * Elevation, metres.
   */
  elevation: number;
  /**
   * Grid resolution, km.
   */
  resolution: number;
  /**
   * Source of the weather data used in simulation (v2).
   */
  weather_data_source: string;
}
/**
 * A tmy2, tmy3 or intl station in all_stations.
 */
export interface SolarV2StationItem {
  /**
   * Id within the dataset, v2's: PVWatts v8's file_id takes it (0-<WBAN>, 1-<USAF>, 2-<id> as in v1; nsrdb 3-G-<NSRDB location id, 7 digits>: 3-G-0149190).
   */
  id: string;
  /**
   * City (may be empty).
   */
  city: string;
  /**
   * State: full upper-case name for tmy2, tmy3 and intl; title case for nsrdb.
   */
  state: string;
  /**
   * Standard time offset from UTC, whole hours.
   */
  timezone: number;
  /**
   * Latitude, degrees north.
   */
  lat: number;
  /**
   * Longitude, degrees east.
   */
  lon: number;
  /**
   * Elevation, metres.
   */
  elevation: number;
  /**
   * Distance from the requested point, metres (haversine on a 6,371,008.8 m sphere, rounded).
   */
  distance: number;
  /**
   * Source of the weather data used in simulation (v2).
   */
  weather_data_source: string;
  /**
   * The dataset the entry belongs to.
   */
  dataset: 'tmy2' | 'tmy3' | 'intl';
}
/**
 * An nsrdb grid cell in all_stations.
 */
export interface SolarV2NsrdbItem {
  /**
   * Id within the dataset, v2's: PVWatts v8's file_id takes it (0-<WBAN>, 1-<USAF>, 2-<id> as in v1; nsrdb 3-G-<NSRDB location id, 7 digits>: 3-G-0149190).
   */
  id: string;
  /**
   * City (may be empty).
   */
  city: string;
  /**
   * State: full upper-case name for tmy2, tmy3 and intl; title case for nsrdb.
   */
  state: string;
  /**
   * Country (v2).
   */
  country: string | null;
  /**
   * Latitude, degrees north.
   */
  lat: number;
  /**
   * Longitude, degrees east.
   */
  lon: number;
  /**
   * Distance from the requested point, metres (haversine on a 6,371,008.8 m sphere, rounded).
   */
  distance: number;
  /**
   * Standard time offset from UTC, whole hours.
   */
  timezone: number;
  /**
   * Elevation, metres.
   */
  elevation: number;
  /**
   * Grid resolution, km.
   */
  resolution: number;
  /**
   * Source of the weather data used in simulation (v2).
   */
  weather_data_source: string;
  /**
   * The dataset the entry belongs to.
   */
  dataset: 'nsrdb';
}
/**
 * Response of GET /api/solar/solar_resource/v1.{json,xml} (docs/api.md §8, docs/decisions.md §9; the v1 documentation example): the monthly and annual averages of daily total DNI, GHI and irradiance on a plane tilted at latitude, kWh/m²/day, at the climate station nearest the point within 100 miles. A 422 has the same envelope with errors filled, metadata {} and outputs {}. inputs echo the request's api_key (when given as a parameter), lat, lon and address as given (the last of a repeated one), in request order.
 */
export interface SolarResourceV1 {
  /**
   * Service version: 1.0.0.
   */
  version: '1.0.0';
  /**
   * Warnings; none are given today.
   */
  warnings: string[];
  /**
   * Why the request failed (422), one message per problem; empty on success.
   */
  errors: string[];
  /**
   * sources, as documented; then (our addition) the station whose weather the averages are computed from. Empty on a 422.
   */
  metadata: {
    /**
     * Where the data come from: the answering station's weather data source (the documentation's example names the Perez-SUNY 10 km grid, which this service does not hold).
     */
    sources?: string[];
    station?: SolarResourceStation;
  };
  /**
   * The request's parameters echoed as strings, in request order.
   */
  inputs: {
    [k: string]: string;
  };
  /**
   * avg_dni, avg_ghi and avg_lat_tilt; empty on a 422.
   */
  outputs: {
    avg_dni?: SolarResourceAverages;
    avg_ghi?: SolarResourceAverages1;
    avg_lat_tilt?: SolarResourceAverages2;
  };
}
/**
 * Our addition: the climate station whose typical-year weather the averages come from.
 */
export interface SolarResourceStation {
  /**
   * Its v2 id: the solar dataset query v2's id, PVWatts v8's file_id (whose solrad_monthly for a roof-mounted array at tilt |lat| facing the equator is avg_lat_tilt).
   */
  id: string;
  /**
   * tmy2, tmy3, intl or nsrdb.
   */
  dataset: 'tmy2' | 'tmy3' | 'intl' | 'nsrdb';
  /**
   * Its latitude, degrees north.
   */
  lat: number;
  /**
   * Its longitude, degrees east.
   */
  lon: number;
  /**
   * Metres from the requested (or geocoded) point, haversine on the mean sphere, as the solar dataset query's.
   */
  distance: number;
}
/**
 * Direct normal irradiance, kWh/m²/day.
 */
export interface SolarResourceAverages {
  annual: number;
  monthly: {
    jan: number;
    feb: number;
    mar: number;
    apr: number;
    may: number;
    jun: number;
    jul: number;
    aug: number;
    sep: number;
    oct: number;
    nov: number;
    dec: number;
  };
}
/**
 * Global horizontal irradiance, kWh/m²/day.
 */
export interface SolarResourceAverages1 {
  annual: number;
  monthly: {
    jan: number;
    feb: number;
    mar: number;
    apr: number;
    may: number;
    jun: number;
    jul: number;
    aug: number;
    sep: number;
    oct: number;
    nov: number;
    dec: number;
  };
}
/**
 * Irradiance on a fixed plane tilted at the station's latitude facing the equator (PVWatts v8's solrad for that array), kWh/m²/day.
 */
export interface SolarResourceAverages2 {
  annual: number;
  monthly: {
    jan: number;
    feb: number;
    mar: number;
    apr: number;
    may: number;
    jun: number;
    jul: number;
    aug: number;
    sep: number;
    oct: number;
    nov: number;
    dec: number;
  };
}
