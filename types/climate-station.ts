/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * One station (tmy2, tmy3, intl) or grid cell (nsrdb) of the climate catalog, as the pipeline writes it (one Parquet table, `climate.stations`) and the solar dataset query and the PVWatts estimator read it. The display fields (city, state, country, lat, lon, timezone, elevation) are what the data_query prints; the header_* fields are the weather file's own header exactly as the estimator's reference engine reads it (ALGORITHM.md §2, §12.4). Where the display names come from: tmy2/tmy3: the file header's city (TMY2 underscores become spaces, TMY3 quotes are dropped) and its state code written as the full upper-case name (CO -> COLORADO); intl: the EPW/CSV header's city and state, upper-cased ('-' and 'unknown' become ''), Canadian province codes written as full names; nsrdb: city is always '' and the state is the full name in title case, from the header when it names a U.S. state, else from the nearest ZIP-code centroid of the zipcodes gazetteer within 100 km (else ''). The sample generator places tmy2, tmy3 and intl stations at the real places of the station lists in ../shared/data/climate and says so in source_file.
 */
export interface ClimateStation {
  /**
   * tmy2 (TMY2, NSRDB 1961-1990), tmy3 (TMY3, NSRDB 1991-2005), intl (international EPW or SAM CSV files), nsrdb (NSRDB PSM grid cells, SAM CSV).
   */
  dataset: 'tmy2' | 'tmy3' | 'intl' | 'nsrdb';
  /**
   * The id clients see and the estimator's file_id takes: tmy2 `0-<WBAN>`, tmy3 `1-<USAF>`, intl `2-<station id>`, nsrdb `3-<location id>` (the header's station id; when a header has none usable, the file name without its extensions). The sample's intl ids are `2-<WMO>-<source>` and its nsrdb ids `3-<1° tile>-<cell>` as in the v1 documentation (`3-W105N040-W10502N4001`). Unique in the catalog.
   */
  id: string;
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
   * The weather file format the reader detected (ALGORITHM.md §2.1); the sample writes hourly-mode data and says tmy2, tmy3 or sam-csv.
   */
  format: 'tmy2' | 'tmy3' | 'epw' | 'sam-csv';
  /**
   * Station id field of the header, as read.
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
   * True for EPW and SAM CSV files with a minute column: the estimator runs in instantaneous mode (ALGORITHM.md §2.7).
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
