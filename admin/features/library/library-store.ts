import { proxy } from 'valtio';
import { AMBIENCE_ASSET_TYPE, type Asset, type AssetUpload, type AudioUpload } from '../../../api/schema/media';
import { api } from '../../lib/api-client';

/** The owner's library, shared by every tour they edit: reusable pictures (logos, hotspot faces) and ambience sounds. */
export const library = proxy<{ pictures: Asset[]; sounds: Asset[]; loaded: boolean }>({ pictures: [], sounds: [], loaded: false });

export async function loadLibrary(): Promise<void> {
  const assets = Object.values(await api<Record<string, Asset>>('GET', '/assets/'));
  library.pictures = assets.filter((asset) => asset.assetType !== AMBIENCE_ASSET_TYPE);
  library.sounds = assets.filter((asset) => asset.assetType === AMBIENCE_ASSET_TYPE);
  library.loaded = true;
}

/** Uploads a picture into the library: the file first, then the asset record. */
export async function addToLibrary(file: File, assetType: string): Promise<Asset> {
  const form = new FormData();
  form.set('file', file);
  form.set('assetType', assetType);
  const stored = await api<AssetUpload>('POST', '/assets/upload', form);
  const asset = await api<Asset>('POST', '/assets', { name: file.name.replace(/\.[^.]+$/, ''), url: stored.url, thumbUrl: stored.thumbUrl, assetType });
  library.pictures = [asset, ...library.pictures];
  return asset;
}

/** Stores the sound with the tour's audio route (which checks it really is MP3, Ogg or M4A), then keeps it in the library. */
export async function addSound(shortId: string, file: File): Promise<Asset> {
  const form = new FormData();
  form.set('audio', file);
  const stored = await api<AudioUpload>('POST', `/tours/${encodeURIComponent(shortId)}/audio`, form);
  const asset = await api<Asset>('POST', '/assets', { name: stored.name, url: stored.url, assetType: AMBIENCE_ASSET_TYPE });
  library.sounds = [asset, ...library.sounds];
  return asset;
}

/** Said when a library file stays because the tour being edited may name it in an edit not saved yet. */
export const NOT_SAVED_YET = 'Your latest changes are not saved yet, so nothing was deleted. Try again once they are saved.';

/** Takes a picture or sound out of the library; tours already showing or playing it keep their copy of the address. */
export async function removeFromLibrary(assetId: string): Promise<void> {
  await api('DELETE', `/asset/${encodeURIComponent(assetId)}`);
  library.pictures = library.pictures.filter((asset) => asset.assetId !== assetId);
  library.sounds = library.sounds.filter((asset) => asset.assetId !== assetId);
}
