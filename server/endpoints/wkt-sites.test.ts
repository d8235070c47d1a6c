import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { insidePolygon, parseWktSites } from './wkt-sites.ts';

describe('parseWktSites', () => {
  it('reads a POINT, a MULTIPOINT with or without parentheses round its points, a POLYGON with a hole; any case and spacing', () => {
    assert.deepEqual(parseWktSites('POINT(-105.02 40.01)'), { kind: 'point', point: { lon: -105.02, lat: 40.01 } });
    assert.deepEqual(parseWktSites(' point ( -1e2  +4.5E1 ) '), { kind: 'point', point: { lon: -100, lat: 45 } });
    const two = {
      kind: 'multipoint',
      points: [
        { lon: -105, lat: 40 },
        { lon: -104, lat: 39 },
      ],
    };
    assert.deepEqual(parseWktSites('MULTIPOINT(-105 40, -104 39)'), two);
    assert.deepEqual(parseWktSites('MULTIPOINT((-105 40), (-104 39))'), two);
    const polygon = parseWktSites('POLYGON((0 0, 10 0, 10 10, 0 10, 0 0), (4 4, 6 4, 6 6, 4 6, 4 4))');
    assert.equal(polygon?.kind, 'polygon');
    assert.equal(polygon?.kind === 'polygon' && polygon.rings.length, 2);
  });

  it('refuses other geometries, coordinates off the globe, open or short rings, and stray text', () => {
    for (const wkt of [
      'LINESTRING(0 0, 1 1)',
      'POINT(181 0)',
      'POINT(0 -91)',
      'POINT(1)',
      'POINT(1 2 3)',
      'POINT(1 2',
      'POINT(1 2) x',
      'MULTIPOINT()',
      'POLYGON((0 0, 1 0, 1 1, 0 0.5))',
      'POLYGON((0 0, 1 0, 0 0))',
      'POLYGON(0 0, 1 0, 1 1, 0 0)',
      'POINT(NaN 0)',
    ])
      assert.equal(parseWktSites(wkt), undefined, wkt);
  });
});

describe('insidePolygon', () => {
  const square = parseWktSites('POLYGON((0 0, 10 0, 10 10, 0 10, 0 0), (4 4, 6 4, 6 6, 4 6, 4 4))');
  const rings = square?.kind === 'polygon' ? square.rings : [];

  it('inside the outer ring and outside its holes', () => {
    assert.equal(insidePolygon(rings, { lon: 1, lat: 1 }), true);
    assert.equal(insidePolygon(rings, { lon: 9.9, lat: 5 }), true);
    assert.equal(insidePolygon(rings, { lon: 5, lat: 5 }), false, 'in the hole');
    assert.equal(insidePolygon(rings, { lon: 11, lat: 5 }), false);
    assert.equal(insidePolygon(rings, { lon: -0.1, lat: 5 }), false);
  });

  it('a concave ring: the notch is outside', () => {
    const notched = parseWktSites('POLYGON((0 0, 10 0, 10 10, 5 5, 0 10, 0 0))');
    const notchedRings = notched?.kind === 'polygon' ? notched.rings : [];
    assert.equal(insidePolygon(notchedRings, { lon: 5, lat: 8 }), false);
    assert.equal(insidePolygon(notchedRings, { lon: 5, lat: 2 }), true);
    assert.equal(insidePolygon(notchedRings, { lon: 1, lat: 8 }), true);
  });
});
