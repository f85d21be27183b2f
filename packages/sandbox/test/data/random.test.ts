// The seeded generator behind the dataset and the random faults: the same seed, the same sequence, on
// every machine; integer seeds taken as they are, anything else hashed from its text.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/engine/random.js';

const draws = (seed: string | number, count = 20) => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => random.next());
};

describe('seededRandom', () => {
  it('gives the same sequence for the same seed, and another for another seed, integer or text', () => {
    expect(draws(1)).toEqual(draws(1));
    expect(draws('checkout')).toEqual(draws('checkout'));
    const sequences = [1, 2, 0, 'a', 'b', 'checkout', 'checkouT'].map((seed) => draws(seed).join());
    expect(new Set(sequences).size).toBe(sequences.length);
  });

  it('reads a number that is not an integer by its text', () => {
    expect(draws(1.5)).toEqual(draws('1.5'));
    expect(draws(1.5)).not.toEqual(draws(1));
  });

  it('draws floats in [0, 1), integers in [min, max] reaching both ends, picks from every item, and chances as given', () => {
    const random = seededRandom(9);
    const floats = Array.from({ length: 2000 }, () => random.next());
    expect(floats.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(new Set(floats).size).toBeGreaterThan(1990);
    const ints = Array.from({ length: 2000 }, () => random.int(3, 7));
    expect([...new Set(ints)].sort()).toEqual([3, 4, 5, 6, 7]);
    expect([...new Set(Array.from({ length: 200 }, () => random.pick(['x', 'y', 'z'])))].sort()).toEqual(['x', 'y', 'z']);
    expect(Array.from({ length: 200 }, () => random.chance(0)).some(Boolean)).toBe(false);
    expect(Array.from({ length: 200 }, () => random.chance(1)).every(Boolean)).toBe(true);
    const heads = Array.from({ length: 2000 }, () => random.chance(0.25)).filter(Boolean).length;
    expect(heads).toBeGreaterThan(400);
    expect(heads).toBeLessThan(600);
  });
});
