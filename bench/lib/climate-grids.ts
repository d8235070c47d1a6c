// Synthetic climate data sets for the climate and data-query benches: the sample's tmy2, tmy3 and
// intl stations plus an nsrdb grid of exactly N cells over the contiguous U.S. (cells over water too,
// so that any N fits), built in the bench's scratch space in seconds, whatever N.
//
// Writing every cell's own hourly year would take minutes at 100,000 cells (about 4 ms a station on
// two cores: generating its weather, then compressing 8,760 × 14 values) and some 5 GB. What the
// benches measure needs less: the data query reads only the catalog, and the store reads a station
// by the catalog's shard, row group and byte range. So only the first shard is written (the first
// stations' generated weather); every further shard is a hard link to it, and the station at
// position j of shard s gets the rows of the station at position j of the first, station_index
// included, so that every catalog record names the rows that hold its hours; its solar resource
// (which a server refuses to start without) is that station's too. What grows with the grid is real:
// the catalog (every cell its own record and place), the solar resource's rows and the shard files,
// each with the footer the store parses and keeps.
import { linkSync } from 'node:fs';
import { join } from 'node:path';
import { DataSetWriter } from '../../pipeline/dataset-writer.ts';
import { SolarResourceCollector } from '../../pipeline/datasets/climate-solar-resource.ts';
import { SHARD_STATIONS, writeCatalog, writeClimate } from '../../pipeline/datasets/climate-writer.ts';
import { generateWeather } from '../../pipeline/sample/climate.ts';
import { CONUS, nsrdbGridDrafts, sampleClimateStations } from '../../pipeline/sample/climate-stations.ts';
import { Random } from '../../pipeline/sample/random.ts';
import type { ClimateStation } from '../../types/schemas.ts';
import { scratchDir } from './scratch.ts';

export interface Grid {
  cells: number;
  /** Every station of the catalog: the grid's cells and the sample's other stations. */
  stations: number;
  shards: number;
  dir: string;
  buildSeconds: number;
}

const shardKey = (shard: number) => `hourly-${String(shard).padStart(4, '0')}`;

export async function climateGrid(cells: number): Promise<Grid> {
  const started = performance.now();
  const area = (CONUS.north - CONUS.south) * (CONUS.east - CONUS.west);
  const grid = nsrdbGridDrafts({ spacingDeg: Math.sqrt(area / cells) * 0.97, landOnly: false, limit: cells, seedLabel: `bench-${cells}` });
  if (grid.length !== cells) throw new Error(`grid of ${grid.length} cells, wanted ${cells}`);
  const drafts = [
    ...sampleClimateStations(1)
      .map((station) => station.draft)
      .filter((draft) => draft.dataset !== 'nsrdb'),
    ...grid,
  ];
  const random = new Random(cells);
  const firstShardInputs = drafts.slice(0, SHARD_STATIONS).map((draft) => {
    const seed = random.int(0, 0x7fff_ffff);
    return {
      draft,
      load: () => generateWeather({ lat: draft.header_lat, lon: draft.header_lon, timezone: draft.header_tz, elevation: draft.header_elev }, seed),
    };
  });

  const dir = scratchDir(`climate-grid-${cells}`);
  const writer = await DataSetWriter.open(dir);
  try {
    // the first shard's stations' solar resource, which every cell modelled on one of them shares
    const solar = new SolarResourceCollector(0);
    const { stations: firstShard } = await writeClimate(writer, firstShardInputs, {
      label: `bench grid ${cells}: first shard`,
      onLoaded: (draft, columns) => solar.add(draft, columns),
    });
    if (firstShard.length !== SHARD_STATIONS || firstShard.some((station) => station.hourly_file !== shardKey(0))) {
      throw new Error(`the first ${SHARD_STATIONS} stations did not make exactly one shard: has the pipeline's shard size changed?`);
    }
    const files = writer.dataset('climate').files;
    const first = files[shardKey(0)]!;
    const shards = Math.ceil(drafts.length / SHARD_STATIONS);
    for (let shard = 1; shard < shards; shard++) {
      const path = first.path.replace(shardKey(0), shardKey(shard));
      linkSync(join(writer.workDir, first.path), join(writer.workDir, path));
      files[shardKey(shard)] = { ...first, path };
    }
    const stations: ClimateStation[] = drafts.map((draft, index) => {
      const model = firstShard[index % SHARD_STATIONS]!;
      if (draft.records !== model.records) throw new Error(`${draft.id} has ${draft.records} records, its first-shard model ${model.records}`);
      const { station_index, hourly_row_group, hourly_offset, hourly_bytes } = model;
      return { ...draft, station_index, hourly_file: shardKey(Math.floor(index / SHARD_STATIONS)), hourly_row_group, hourly_offset, hourly_bytes };
    });
    await writeCatalog(writer, stations);
    const modelOf = new Map(stations.map((station, index) => [station.id, firstShard[index % SHARD_STATIONS]!.id]));
    await solar.write(
      writer,
      stations.map((station) => station.id),
      (id) => modelOf.get(id)!,
    );
    writer.commit({
      schema_version: 1,
      generator: 'bench',
      sample: true,
      notice: `SAMPLE DATA: synthetic benchmark grid of ${cells} cells, every shard a copy of the first`,
    });
    return { cells, stations: stations.length, shards, dir, buildSeconds: (performance.now() - started) / 1000 };
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    writer.close();
  }
}

/** Random points over the contiguous U.S. */
export function usPoints(count: number, seed: number): Array<[number, number]> {
  const random = new Random(seed);
  return Array.from({ length: count }, () => [Number(random.between(25, 49).toFixed(4)), Number(random.between(-124, -67).toFixed(4))]);
}
