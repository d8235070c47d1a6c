// The station_counts an answer should carry, counted from source rows apart from the server: stations
// per fuel, except ELEC, which counts outlets (its stations apart). The rows may be export CSV rows
// or JSON source records: the caller says how to read a row's fuel and outlets.

const FUELS = ['BD', 'E85', 'ELEC', 'HY', 'LNG', 'CNG', 'LPG', 'RD'];

export function stationCounts<Row>(rows: Row[], fuelOf: (row: Row) => unknown, outletsOf: (row: Row) => number) {
  const fuels: Record<string, { total: number; stations?: { total: number } }> = {};
  for (const fuel of FUELS) {
    const ofFuel = rows.filter((row) => fuelOf(row) === fuel);
    fuels[fuel] =
      fuel === 'ELEC' ? { total: ofFuel.reduce((sum, row) => sum + outletsOf(row), 0), stations: { total: ofFuel.length } } : { total: ofFuel.length };
  }
  return { total: Object.values(fuels).reduce((sum, { total }) => sum + total, 0), fuels };
}
