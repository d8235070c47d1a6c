import assert from 'node:assert/strict';
import { test } from 'node:test';
import { propertiesOf } from '../../schemas/registry.ts';
import { endpoints } from './index.ts';

test('where a parameter schema takes `format`, it takes exactly the formats its endpoint offers', () => {
  for (const endpoint of endpoints) {
    if (!endpoint.parameters) continue;
    const format = propertiesOf(endpoint.parameters).format;
    if (!format) continue;
    assert.deepEqual([...((format.enum as string[]) ?? [])].sort(), [...endpoint.formats].sort(), `${endpoint.paths[0]} (${endpoint.parameters})`);
  }
});
