import { describe, expect, it } from 'vitest';
import { remoteTiles, TILE_PX, tileSizeForWidth, type TileSize } from '../../../embed/video/tile-layout';

const people = (count: number, hostIndex = -1) => Array.from({ length: count }, (_, i) => ({ sid: `PA${i}`, host: i === hostIndex }));
const isHost = (remote: { host: boolean }) => remote.host;
const sids = (list: { sid: string }[]) => list.map((remote) => remote.sid);

describe('tileSizeForWidth', () => {
  it.each<[number, TileSize]>([
    [0, 'extra-small'],
    [375, 'extra-small'],
    [575, 'extra-small'],
    [576, 'small'],
    [767, 'small'],
    [768, 'medium'],
    [991, 'medium'],
    [992, 'large'],
    [1600, 'large'],
  ])('%i px is %s', (width, size) => {
    expect(tileSizeForWidth(width)).toBe(size);
  });

  it('refuses a width that is not a size', () => {
    for (const width of [Number.NaN, -1, Number.POSITIVE_INFINITY]) expect(() => tileSizeForWidth(width)).toThrow(RangeError);
  });

  it('sizes the tiles as SPEC.md §2 says: 140 large, 120 medium, 80 local and 60 remote on small', () => {
    expect(TILE_PX.large).toEqual({ local: 140, remote: 140 });
    expect(TILE_PX.medium).toEqual({ local: 120, remote: 120 });
    expect(TILE_PX.small).toEqual({ local: 80, remote: 60 });
    expect(TILE_PX['extra-small']).toEqual({ local: 80, remote: 60 });
  });
});

describe('remoteTiles', () => {
  it('shows up to 3 remote tiles and a "..." bubble when nobody is over the limit', () => {
    expect(remoteTiles(people(0), isHost, 'large', false)).toEqual({ shown: [], overflow: 0, bubble: '...' });
    const three = remoteTiles(people(3), isHost, 'small', false);
    expect(sids(three.shown)).toEqual(['PA0', 'PA1', 'PA2']);
    expect(three.bubble).toBe('...');
  });

  it('folds the participants beyond 3 into a "+N" bubble', () => {
    const five = remoteTiles(people(5), isHost, 'medium', false);
    expect(sids(five.shown)).toEqual(['PA0', 'PA1', 'PA2']);
    expect(five.overflow).toBe(2);
    expect(five.bubble).toBe('+2');
  });

  it('shows one remote tile on extra-small screens', () => {
    expect(remoteTiles(people(1), isHost, 'extra-small', false)).toEqual({ shown: [{ sid: 'PA0', host: false }], overflow: 0, bubble: '...' });
    const three = remoteTiles(people(3), isHost, 'extra-small', false);
    expect(sids(three.shown)).toEqual(['PA0']);
    expect(three.bubble).toBe('+2');
  });

  it('puts the host first, so the guide is never folded into the bubble', () => {
    expect(sids(remoteTiles(people(5, 4), isHost, 'large', false).shown)).toEqual(['PA4', 'PA0', 'PA1']);
    expect(sids(remoteTiles(people(3, 2), isHost, 'extra-small', false).shown)).toEqual(['PA2']);
  });

  it('hides every remote tile and the bubble while remote participants are hidden', () => {
    expect(remoteTiles(people(5), isHost, 'large', true)).toEqual({ shown: [], overflow: 0, bubble: null });
    expect(remoteTiles(people(0), isHost, 'large', true)).toEqual({ shown: [], overflow: 0, bubble: null });
  });
});
