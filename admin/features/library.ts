import { proxy } from 'valtio';
import { api } from '../api-client';
import { AMBIENCE_ASSET_TYPE } from './ambience';

export interface Asset {
  assetId: string;
  name: string;
  url: string;
  thumbUrl: string;
  assetType: string;
  createdDate: string;
}

/** The owner's reusable pictures (logos, custom hotspot images), shared by every tour they edit. */
export const library = proxy<{ assets: Asset[]; loaded: boolean }>({ assets: [], loaded: false });

export async function loadLibrary(): Promise<void> {
  const byId = await api<Record<string, Asset>>('GET', '/assets/');
  // Sounds are listed by the ambience picker, not among the pictures.
  library.assets = Object.values(byId).filter((asset) => asset.assetType !== AMBIENCE_ASSET_TYPE);
  library.loaded = true;
}

/** Uploads a picture into the library (SPEC.md §7: the file first, then the asset record). */
export async function addToLibrary(file: File, assetType: string): Promise<Asset> {
  const form = new FormData();
  form.set('file', file);
  form.set('assetType', assetType);
  const stored = await api<{ url: string; thumbUrl: string }>('POST', '/assets/upload', form);
  const asset = await api<Asset>('POST', '/assets', { name: file.name.replace(/\.[^.]+$/, ''), url: stored.url, thumbUrl: stored.thumbUrl, assetType });
  library.assets = [asset, ...library.assets];
  return asset;
}

/** Said when a library file stays because the tour being edited may name it in an edit not saved yet. */
export const NOT_SAVED_YET = 'Your latest changes are not saved yet, so nothing was deleted. Try again once they are saved.';

export async function removeFromLibrary(assetId: string): Promise<void> {
  await api('DELETE', `/asset/${assetId}`);
  library.assets = library.assets.filter((asset) => asset.assetId !== assetId);
}
