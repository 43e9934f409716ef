import { describe, expect, it } from 'vitest';
import { remoteTiles, scalingFactor, TILE_PX, tileSizeForWidth, type TileSize } from '../../../../embed/video/tile-layout';

const people = (count: number, hostIndex = -1) => Array.from({ length: count }, (_, i) => ({ sid: `PA${i}`, host: i === hostIndex }));
type Person = ReturnType<typeof people>[number];
/** The rules of a visitor who shows the remote participants, with `speaker` speaking (nobody by default). */
const rules = (size: TileSize, speaker?: string, hidden = false) => ({
  isHost: (remote: Person) => remote.host,
  isSpeaking: (remote: Person) => remote.sid === speaker,
  size,
  hidden,
});
const sids = (list: { sid: string }[]) => list.map((remote) => remote.sid);

describe('scalingFactor (video room state)', () => {
  it('is 1 for a landscape or square video and for one without a size yet, else height over width', () => {
    expect(scalingFactor(1280, 720)).toBe(1);
    expect(scalingFactor(480, 480)).toBe(1);
    expect(scalingFactor(0, 0)).toBe(1);
    expect(scalingFactor(720, 1280)).toBeCloseTo(1280 / 720);
  });
});

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

  it('sizes the tiles as specified: 140 large, 120 medium, 80 local and 60 remote on small', () => {
    expect(TILE_PX.large).toEqual({ local: 140, remote: 140 });
    expect(TILE_PX.medium).toEqual({ local: 120, remote: 120 });
    expect(TILE_PX.small).toEqual({ local: 80, remote: 60 });
    expect(TILE_PX['extra-small']).toEqual({ local: 80, remote: 60 });
  });
});

describe('remoteTiles', () => {
  it('shows up to 3 remote tiles and a "..." bubble when nobody is over the limit', () => {
    const three = remoteTiles(people(3), rules('small'));
    expect(sids(three.shown)).toEqual(['PA0', 'PA1', 'PA2']);
    expect(three.bubble).toBe('...');
    expect(remoteTiles(people(1), rules('large'))).toEqual({ shown: [{ sid: 'PA0', host: false }], overflow: 0, bubble: '...' });
  });

  it('shows no bubble to a visitor alone in the room: there is nobody it could stand for', () => {
    expect(remoteTiles(people(0), rules('large'))).toEqual({ shown: [], overflow: 0, bubble: null });
    expect(remoteTiles(people(0), rules('extra-small'))).toEqual({ shown: [], overflow: 0, bubble: null });
  });

  it('folds the participants beyond 3 into a "+N" bubble', () => {
    const five = remoteTiles(people(5), rules('medium'));
    expect(sids(five.shown)).toEqual(['PA0', 'PA1', 'PA2']);
    expect(five.overflow).toBe(2);
    expect(five.bubble).toBe('+2');
  });

  it('shows one remote tile on extra-small screens', () => {
    expect(remoteTiles(people(1), rules('extra-small'))).toEqual({ shown: [{ sid: 'PA0', host: false }], overflow: 0, bubble: '...' });
    const three = remoteTiles(people(3), rules('extra-small'));
    expect(sids(three.shown)).toEqual(['PA0']);
    expect(three.bubble).toBe('+2');
  });

  it('puts the host first, so the guide is never folded into the bubble', () => {
    expect(sids(remoteTiles(people(5, 4), rules('large')).shown)).toEqual(['PA4', 'PA0', 'PA1']);
    expect(sids(remoteTiles(people(3, 2), rules('extra-small')).shown)).toEqual(['PA2']);
  });

  it('brings a folded-away speaker into the last tile that is not the host’s, leaving the others where they are', () => {
    const fifth = remoteTiles(people(5), rules('large', 'PA4'));
    expect(sids(fifth.shown)).toEqual(['PA0', 'PA1', 'PA4']);
    // The one whose tile the speaker took is folded instead: still two in the bubble.
    expect(fifth.overflow).toBe(2);
    expect(fifth.bubble).toBe('+2');
    expect(sids(remoteTiles(people(6, 1), rules('medium', 'PA3')).shown)).toEqual(['PA1', 'PA0', 'PA3']);
  });

  it('changes nothing when the speaker already has a tile', () => {
    const quiet = remoteTiles(people(5, 3), rules('large'));
    for (const speaker of ['PA0', 'PA1']) expect(remoteTiles(people(5, 3), rules('large', speaker))).toEqual(quiet);
    expect(sids(quiet.shown)).toEqual(['PA3', 'PA0', 'PA1']);
  });

  it('keeps the host first when the host speaks, folded guests stay folded', () => {
    const hostSpeaks = remoteTiles(people(5, 4), rules('large', 'PA4'));
    expect(sids(hostSpeaks.shown)).toEqual(['PA4', 'PA0', 'PA1']);
    expect(hostSpeaks.bubble).toBe('+2');
  });

  it('gives the one extra-small tile to the speaker, unless the host has it', () => {
    const guests = remoteTiles(people(3), rules('extra-small', 'PA2'));
    expect(sids(guests.shown)).toEqual(['PA2']);
    expect(guests.bubble).toBe('+2');
    expect(sids(remoteTiles(people(3, 0), rules('extra-small', 'PA2')).shown)).toEqual(['PA0']);
  });

  it('keeps the joining order while nobody speaks, or while the local participant does', () => {
    expect(sids(remoteTiles(people(5), rules('large')).shown)).toEqual(['PA0', 'PA1', 'PA2']);
    expect(sids(remoteTiles(people(5), rules('large', 'PA-me')).shown)).toEqual(['PA0', 'PA1', 'PA2']);
  });

  it('hides every remote tile and the bubble while remote participants are hidden, the speaker’s too', () => {
    expect(remoteTiles(people(5), rules('large', 'PA4', true))).toEqual({ shown: [], overflow: 0, bubble: null });
    expect(remoteTiles(people(0), rules('large', undefined, true))).toEqual({ shown: [], overflow: 0, bubble: null });
  });
});
