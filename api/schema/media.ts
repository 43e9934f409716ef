import type { SceneImageFormat } from './tour';

/** The asset type of an ambience sound in the library; every other type is a picture. */
export const AMBIENCE_ASSET_TYPE = 'ambience';

/** One file in an owner's library (a picture or an ambience sound), as `GET /assets` and `POST /assets` answer it. */
export interface Asset {
  assetId: string;
  name: string;
  url: string;
  /** Empty for sounds. */
  thumbUrl: string;
  /** 'image', 'logo', 'ambience'... chosen by the client that stored it. */
  assetType: string;
  createdDate: string;
  userId: number;
}

/** `POST /assets/upload`: where the library picture was stored; the asset record is made by a second call. */
export interface AssetUpload {
  url: string;
  thumbUrl: string;
}

/** `POST /tours/:shortId/audio`: the stored sound, named after its file. */
export interface AudioUpload {
  name: string;
  url: string;
}

/** `POST /images/`: a stored panorama and the sizes made from it. */
export interface ImageUpload {
  /** The stored file's name; the other addresses are built from it. */
  image: string;
  width: number;
  height: number;
  size: number;
  url: string;
  thumbUrl: string;
  hotspotUrl: string;
  /** Empty when the panorama is small enough for phones as it is. */
  mobileUrl: string;
  /** True when the panorama is wide enough for tiles: they are cut in the background, the original serving meanwhile. */
  tilesPreparing?: true;
  /** The small pictures in modern types, as the tour answer lists them once a save names the panorama (not for floor plans). */
  formats?: SceneImageFormat[];
}
