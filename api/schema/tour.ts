import { z } from 'zod';
import type { UserType } from './user';

/** Hotspot styles: 1 preview image, 2 white arrow, 3 black arrow, 4 custom image. */
export const HOTSPOT_STYLES = [1, 2, 3, 4] as const;
export const DEFAULT_HOTSPOT_STYLE = 2;
export const DEFAULT_INFO_STYLE = 1;
export const TOUR_TYPES = ['free', 'paid', 'locked', 'locked-with-email'] as const;
/** Types whose owner has not published the tour yet: a free tour, a payment or Pro Plus publishes it. */
export const UNPUBLISHED_TYPES: TourType[] = ['locked', 'locked-with-email'];
export const PRIVACY_LEVELS = ['Public', 'Private', 'Password'] as const;
export const THEMES = ['classic', 'modern', 'flow', 'cascade'] as const;
export const INFOSPOT_DATA_TYPES = ['shrt', 'ext', 'html', 'image', 'hyperLink'] as const;
export const MAX_TEXT = 10_000;
/** The demo tour's short id; anyone may view and clone it. */
export const DEMO_SHORT_ID = 'demo';

/** Text of at most `max` characters; a longer one is refused with the limit, which the editor shows beside the field's name. */
const text = (max = 1000) => z.string().max(max, `Keep it to ${max} characters or fewer.`);
const id = () => z.string().min(1).max(100);
const finite = () => z.number().finite();

export const coordsSchema = z.object({ x: finite(), y: finite(), z: finite() });
export const cameraPositionSchema = z.object({ yaw: finite(), pitch: finite() });

/**
 * Older clients send contacts, leadgen, config and images as JSON text, the way they were stored; read either.
 * Text that is not JSON is passed on unchanged, so it fails validation with a clear error.
 */
function fromJsonText<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);
}

function newId(): string {
  return globalThis.crypto.randomUUID();
}

/** A style outside 1–4 falls back to the default arrow rather than failing the whole save. */
const hotspotStyle = z.preprocess(
  (value) => (HOTSPOT_STYLES.includes(value as 1) ? value : DEFAULT_HOTSPOT_STYLE),
  z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
);

/** A link to another scene of the tour. `image.id` names the destination scene. */
export const hotspotSchema = z.object({
  id: id().default(newId),
  image: z.object({
    id: id(),
    url: text().default(''),
    thumbUrl: text().default(''),
    hotspotUrl: text().default(''),
    title: text(200).default(''),
  }),
  style: hotspotStyle.default(DEFAULT_HOTSPOT_STYLE),
  /** Custom picture for style 4 (a library asset url). */
  customImageUrl: text().default(''),
  rotation: finite().default(0),
  coords: coordsSchema,
});

/** A hyperlink without a scheme gets http://. */
export function normaliseHyperlink(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '' || /^https?:\/\//i.test(trimmed)) return trimmed;
  return `http://${trimmed}`;
}

export const infospotSchema = z
  .object({
    id: id().default(newId),
    coords: coordsSchema,
    style: z.number().int().min(1).max(4).default(DEFAULT_INFO_STYLE),
    dataType: z.enum(INFOSPOT_DATA_TYPES),
    data: z
      .object({
        previewText: text(MAX_TEXT).default(''),
        url: text().default(''),
        htmlContent: text(100_000).default(''),
        image: z.object({ url: text(), caption: text().default('') }).optional(),
      })
      .default({ previewText: '', url: '', htmlContent: '' }),
  })
  .transform((spot) => (spot.dataType === 'hyperLink' ? { ...spot, data: { ...spot.data, url: normaliseHyperlink(spot.data.url) } } : spot));

export const initialViewOverrideSchema = z.object({ id: id(), cameraPosition: cameraPositionSchema });

/** The title an uploaded file gets: its name without .jpg, .jpeg or .png. */
export function titleFromFileName(fileName: string): string {
  return fileName.replace(/\.(jpe?g|png)$/i, '');
}

/** A scene: one panorama picture with its links and info points. */
export const imageSchema = z.object({
  id: id().default(newId),
  url: text().default(''),
  thumbUrl: text().default(''),
  hotspotUrl: text().default(''),
  /** Smaller variant for devices whose WebGL texture limit is below the original's width. */
  mobileUrl: text().default(''),
  title: text(200).default(''),
  uploaded: z.boolean().default(false),
  size: z.number().int().nonnegative().default(0),
  width: z.number().int().nonnegative().default(0),
  height: z.number().int().nonnegative().default(0),
  isNotEquirect: z.boolean().default(false),
  dateUploaded: text(40).default(''),
  dateModified: text(40).default(''),
  preview: text().default(''),
  /** Initial view; null means the viewer's default (yaw 0, pitch 0). */
  cameraPosition: cameraPositionSchema.nullable().default(null),
  /** Initial horizontal field of view in degrees; null means the default of 90. */
  cameraZoom: z.number().min(10).max(140).nullable().default(null),
  /** Initial view when arriving from a given scene (entry id = that scene's id). */
  initialViewOverrides: z.array(initialViewOverrideSchema).max(500).default([]),
  infospots: z.array(infospotSchema).max(500).default([]),
  hotspots: z.array(hotspotSchema).max(500).default([]),
});

export const ambienceSchema = z.object({ name: text(200), audio: text(), playing: z.boolean().default(true) });

export const tourConfigSchema = z.object({
  enableRibbon: z.boolean().default(true),
  tinyPlanet: z.boolean().default(false),
  hideRibbonAtStart: z.boolean().default(false),
  audioHotspots: z.boolean().default(false),
  lockHorizontalFov: z.boolean().default(false),
  autoRotate: z.boolean().default(true),
  toggleHotspots: z.boolean().default(false),
  ambience: ambienceSchema.optional(),
});

export const contactsSchema = z.object({
  person: text(200).default(''),
  email: text(200).default(''),
  number: text(50).default(''),
});

export const leadgenSchema = z.object({ enabled: z.boolean().default(false), message: text(2000).default('') });

export const floorplanHotspotSchema = z.object({
  id: id().default(newId),
  coords: z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) }),
  destinationSceneId: id(),
  destinationTitle: text(200).default(''),
});

export const floorplanSchema = z.object({
  floorplanId: id(),
  name: text(200).default(''),
  url: text().default(''),
  thumbUrl: text().default(''),
  tourId: z.number().int(),
  hotspots: z.array(floorplanHotspotSchema).max(500).default([]),
  sortOrder: z.number().int().default(0),
  uploaded: z.boolean().default(true),
});

/** The longest tour name or title. */
export const MAX_TITLE = 200;

/** Fields an owner may write when saving a tour. Server-owned fields (ids, owner, type, revision) are not here. */
export const tourInputSchema = z.object({
  name: text(MAX_TITLE).default(''),
  title: text(MAX_TITLE).default(''),
  logo: text().default(''),
  companyName: text(200).default(''),
  description: text(MAX_TEXT).default(''),
  email: text(200).default(''),
  hideLogo: z.boolean().default(false),
  contacts: fromJsonText(contactsSchema).default({ person: '', email: '', number: '' }),
  images: fromJsonText(z.array(imageSchema).max(300)).default([]),
  defaultHotspotStyle: hotspotStyle.default(DEFAULT_HOTSPOT_STYLE),
  defaultHotspotImage: text().default(''),
  socialImage: text().default(''),
  whiteLabelUrl: text().default(''),
  leadgen: fromJsonText(leadgenSchema).default({ enabled: false, message: '' }),
  ua: text(100).default(''),
  privacy: z.preprocess((value) => (PRIVACY_LEVELS.includes(value as 'Public') ? value : 'Public'), z.enum(PRIVACY_LEVELS)).default('Public'),
  config: fromJsonText(tourConfigSchema).default(tourConfigSchema.parse({})),
  isVideoChatEnabled: z.boolean().default(true),
  theme: z.string().max(40).default('classic'),
  isNotifyEnabled: z.boolean().default(false),
  isScheduleEnabled: z.boolean().default(false),
  agentName: text(200).default(''),
  agentEmail: text(200).default(''),
  isLinkbackEnabled: z.boolean().default(true),
  /** Where the viewer's logo and company name lead (the owner's own site), when the link-back is on. */
  linkbackUrl: text(500)
    .trim()
    .refine((url) => url === '' || /^https?:\/\/\S+$/i.test(url), 'Give a web address starting with http:// or https://.')
    .default(''),
});

/**
 * pannellum's multires settings for a scene whose panorama has been cut into tiles (pannellum's names and
 * meanings): tiles lie at `basePath + path` with `%l` the level (1 the coarsest), `%s` the cube face (f b u d l r),
 * `%y`/`%x` the tile's row and column; `fallbackPath` names the six whole faces for browsers without WebGL.
 */
export interface SceneMultires {
  /** Where the scene's tiles live, e.g. `/media/tiles/<id>` (or under MEDIA_BASE_URL); no trailing slash. */
  basePath: string;
  /** `/%l/%s%y_%x` */
  path: string;
  /** `/fallback/%s` */
  fallbackPath: string;
  /** `jpg`: tiles stay JPEG, which every browser decodes. */
  extension: string;
  /** Tile edge in pixels (512). */
  tileResolution: number;
  /** Levels cut; level `maxLevel` is the full cube face. */
  maxLevel: number;
  /** Width of a full cube face in pixels at `maxLevel`. */
  cubeResolution: number;
}

/** Image types a scene's small pictures are also stored in, beside the JPEG every browser decodes. */
export const MODERN_IMAGE_TYPES = ['image/avif', 'image/webp'] as const;
export type ModernImageType = (typeof MODERN_IMAGE_TYPES)[number];

/** A scene's small pictures (thumbnail, which is also the default poster; hotspot preview; phone variant) in one type. */
export interface SceneImageFormat {
  type: ModernImageType;
  thumbUrl: string;
  hotspotUrl: string;
  /** Empty when the scene has no phone variant (its panorama already fits a phone's texture). */
  mobileUrl: string;
}

/**
 * A scene as the tour answer carries it: what the owner saved, and what the server made from its panorama. Both
 * extras are left out of saves (the server owns them) and absent until made.
 */
export interface SceneAnswer extends Image {
  /** Present once the panorama's tiles are ready; until then the viewer opens `url` (or `mobileUrl`). */
  multires?: SceneMultires;
  /** True while the panorama's tiles are queued or being cut (the editor says so); the original serves meanwhile. */
  tilesPreparing?: true;
  /** The same small pictures in modern types, best first: the viewer takes the first its browser decodes, else the JPEG. */
  formats?: SceneImageFormat[];
}

export type CameraPosition = z.infer<typeof cameraPositionSchema>;
export type Hotspot = z.infer<typeof hotspotSchema>;
export type Infospot = z.infer<typeof infospotSchema>;
export type InfospotDataType = (typeof INFOSPOT_DATA_TYPES)[number];
export type Image = z.infer<typeof imageSchema>;
export type TourConfig = z.infer<typeof tourConfigSchema>;
export type Contacts = z.infer<typeof contactsSchema>;
export type Leadgen = z.infer<typeof leadgenSchema>;
export type Floorplan = z.infer<typeof floorplanSchema>;
export type FloorplanHotspot = z.infer<typeof floorplanHotspotSchema>;
export type TourInput = z.infer<typeof tourInputSchema>;
export type TourType = (typeof TOUR_TYPES)[number];
export type Privacy = (typeof PRIVACY_LEVELS)[number];
export type Theme = (typeof THEMES)[number];

/** A tour as the API answers it. */
export interface Tour extends TourInput {
  images: SceneAnswer[];
  id: number;
  userId: number | null;
  shortId: string;
  type: TourType;
  whiteLabelStatusCode: string;
  teamId: number | null;
  floorplans: Floorplan[];
  owner: { type: UserType } | null;
  /** Bumped on every save; a save carrying an older one is refused (409). */
  revision: number;
  /** True in the answer to a member of the tour's team other than its owner: they see it whole and skip its lock. */
  teamMember?: boolean;
  /** True when the tour is password-protected and this answer left out its scenes and media. */
  locked?: boolean;
  /**
   * Only in the answer that accepted a password tour's password: proof of it for a few hours, which the viewer
   * sends with its requests for the tour's video room.
   */
  accessToken?: string;
}

/** What a save (`POST /tours/:shortId`) carries beside the tour's fields: the revision it was edited from and, once, a new password. */
export const tourSaveSchema = z.object({ revision: z.number().int().positive(), password: z.string().min(1).max(200).optional() });

/** The body of a save: the tour's fields and the save's own. */
export type TourSave = TourInput & z.infer<typeof tourSaveSchema>;

export interface TourProblem {
  level: 'error' | 'warning';
  path: string;
  message: string;
}

/**
 * Checks a tour the way a tour validator would: a link to a missing scene is an error; a floor-plan room whose
 * scene is gone is a warning, and so is a scene that no link reaches from the first scene when the tour hides its
 * scene reel (shown, the reel reaches every scene: a tour just uploaded, not linked yet, is not wrong).
 */
export function findTourProblems(tour: Pick<TourInput, 'images' | 'config'>, floorplans: Floorplan[] = []): TourProblem[] {
  const problems: TourProblem[] = [];
  const sceneIds = new Set(tour.images.map((image) => image.id));
  if (sceneIds.size !== tour.images.length) {
    problems.push({ level: 'error', path: 'images', message: 'Two scenes share one id.' });
  }
  tour.images.forEach((image, i) => {
    image.hotspots.forEach((hotspot, j) => {
      if (!sceneIds.has(hotspot.image.id)) {
        problems.push({
          level: 'error',
          path: `images.${i}.hotspots.${j}`,
          message: `Hotspot in "${image.title}" links to a scene that does not exist.`,
        });
      }
    });
  });
  // Floor plans are written by their own routes, which refuse such a room; one left behind by a removed scene is
  // removed there too, and refusing the tour's save for it would only stop every later save.
  floorplans.forEach((plan, i) => {
    plan.hotspots.forEach((spot, j) => {
      if (!sceneIds.has(spot.destinationSceneId)) {
        problems.push({
          level: 'warning',
          path: `floorplans.${i}.hotspots.${j}`,
          message: `Floor plan "${plan.name}" links to a room that does not exist.`,
        });
      }
    });
  });
  const reachable = tour.config.enableRibbon ? new Set(sceneIds) : reachableScenes(tour.images, floorplans);
  tour.images.forEach((image, i) => {
    if (!reachable.has(image.id)) {
      problems.push({ level: 'warning', path: `images.${i}`, message: `Scene "${image.title}" is not reachable.` });
    }
  });
  return problems;
}

function reachableScenes(images: Image[], floorplans: Floorplan[]): Set<string> {
  const seen = new Set<string>();
  if (images.length === 0) return seen;
  // A floor plan jumps straight to its linked rooms, so they count as reached.
  const stack = [images[0].id, ...floorplans.flatMap((plan) => plan.hotspots.map((spot) => spot.destinationSceneId))];
  const byId = new Map(images.map((image) => [image.id, image]));
  while (stack.length > 0) {
    const sceneId = stack.pop()!;
    if (seen.has(sceneId) || !byId.has(sceneId)) continue;
    seen.add(sceneId);
    for (const hotspot of byId.get(sceneId)!.hotspots) stack.push(hotspot.image.id);
  }
  return seen;
}

/** The default social image: a centre crop under the tour's meta path. */
export function defaultSocialImage(shortId: string): string {
  return `/api/tours/${shortId}/meta/center.jpg`;
}

const COPY_MARK = ' (copy)';

/**
 * A clone's name and title: the source's, marked " (copy)" and cut to stay within their limit, so that the
 * dashboard and the delete confirmation tell the clone from its source.
 */
export function cloneTitles(source: Pick<TourInput, 'name' | 'title'>): Pick<TourInput, 'name' | 'title'> {
  const marked = (text: string) => `${text.slice(0, MAX_TITLE - COPY_MARK.length)}${COPY_MARK}`;
  return { name: marked(source.name || source.title || 'Untitled tour'), title: source.title ? marked(source.title) : '' };
}
