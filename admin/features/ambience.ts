import { proxy } from 'valtio';
import type { TourConfig } from '../../api/schema/tour';
import { api } from '../api-client';
import type { Asset } from './library';

/** Ambience sounds live in the owner's library beside the pictures, under their own asset type. */
export const AMBIENCE_ASSET_TYPE = 'ambience';

export const sounds = proxy<{ list: Asset[]; loaded: boolean }>({ list: [], loaded: false });

export async function loadSounds(): Promise<void> {
  const byId = await api<Record<string, Asset>>('GET', '/assets/');
  sounds.list = Object.values(byId).filter((asset) => asset.assetType === AMBIENCE_ASSET_TYPE);
  sounds.loaded = true;
}

/** Stores the sound with the tour's audio route (which checks it really is MP3, Ogg or M4A), then keeps it in the library. */
export async function uploadSound(shortId: string, file: File): Promise<Asset> {
  const form = new FormData();
  form.set('audio', file);
  const stored = await api<{ name: string; url: string }>('POST', `/tours/${encodeURIComponent(shortId)}/audio`, form);
  const asset = await api<Asset>('POST', '/assets', { name: stored.name, url: stored.url, assetType: AMBIENCE_ASSET_TYPE });
  sounds.list = [asset, ...sounds.list];
  return asset;
}

/** Takes the sound out of the owner's list; tours already playing it keep their copy of the address. */
export async function deleteSound(assetId: string): Promise<void> {
  await api('DELETE', `/asset/${encodeURIComponent(assetId)}`);
  sounds.list = sounds.list.filter((sound) => sound.assetId !== assetId);
}

export function ambienceFrom(sound: Asset): NonNullable<TourConfig['ambience']> {
  return { name: sound.name, audio: sound.url, playing: true };
}
