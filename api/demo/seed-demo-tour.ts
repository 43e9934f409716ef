import { join } from 'node:path';
import type { Db } from '../db/database';
import type { MediaStorage } from '../media/media-storage';
import { storePanorama } from '../media/panorama-store';
import { recordImageFormats } from '../media/image-formats';
import { yawPitchToCoords } from '../schema/coords';
import { DEMO_SHORT_ID, imageSchema, infospotSchema, tourInputSchema, type Image } from '../schema/tour';
import { findTourByShortId, insertTour } from '../tours/tour.repository';

interface DemoScene {
  id: string;
  file: string;
  title: string;
  /** Where, in this scene, the link to each other scene stands. */
  links: Array<{ to: string; yaw: number; pitch: number }>;
}

const SCENES: DemoScene[] = [
  {
    id: 'jordan-pond',
    file: 'jordan-pond.jpg',
    title: 'Jordan Pond',
    links: [{ to: 'puy-de-sancy', yaw: 30, pitch: -8 }],
  },
  {
    id: 'puy-de-sancy',
    file: 'puy-de-sancy.jpg',
    title: 'Puy de Sancy',
    links: [
      { to: 'jordan-pond', yaw: -150, pitch: -10 },
      { to: 'louvre', yaw: 60, pitch: -10 },
    ],
  },
  {
    id: 'louvre',
    file: 'louvre.jpg',
    title: 'The Louvre',
    links: [{ to: 'puy-de-sancy', yaw: 180, pitch: -12 }],
  },
];

/** Seeds the public demo tour once; later starts find it and leave it alone. */
export async function seedDemoTour(db: Db, media: MediaStorage, rootDir: string): Promise<void> {
  if (await findTourByShortId(db, DEMO_SHORT_ID)) return;
  const stored = new Map<string, Image>();
  for (const scene of SCENES) {
    const { image, width, height, size, mobileImage, variants } = await storePanorama(media, join(rootDir, 'demo', 'panoramas', scene.file));
    await recordImageFormats(db, image, variants);
    const now = new Date().toISOString();
    stored.set(scene.id, {
      ...imageSchema.parse({ id: scene.id, title: scene.title }),
      url: `/media/tours/${image}`,
      thumbUrl: `/media/tours/thumb-${image}`,
      hotspotUrl: `/media/tours/hotspot-${image}`,
      mobileUrl: mobileImage ? `/media/tours/${mobileImage}` : '',
      uploaded: true,
      size,
      width,
      height,
      dateUploaded: now,
      dateModified: now,
    });
  }
  const images = SCENES.map((scene) => {
    const image = stored.get(scene.id)!;
    const hotspots = scene.links.map((link) => {
      const target = stored.get(link.to)!;
      return {
        image: { id: target.id, url: target.url, thumbUrl: target.thumbUrl, hotspotUrl: target.hotspotUrl, title: target.title },
        style: 1,
        coords: yawPitchToCoords(link),
      };
    });
    return { ...image, hotspots };
  });
  images[0].infospots = [
    infospotSchema.parse({
      coords: yawPitchToCoords({ yaw: -40, pitch: 5 }),
      dataType: 'ext',
      data: { previewText: 'Jordan Pond is a glacial tarn in Acadia National Park, Maine, with the Bubbles behind it.' },
    }),
  ];
  await insertTour(db, {
    shortId: DEMO_SHORT_ID,
    userId: null,
    type: 'paid',
    input: tourInputSchema.parse({
      name: 'Demo tour',
      title: 'Three places in 360°',
      description: 'A demo tour: walk from Jordan Pond to the Puy de Sancy and the Louvre through the hotspots.',
      companyName: 'Tour Platform',
      images,
      config: { autoRotate: false },
      leadgen: { enabled: true, message: '' },
      isScheduleEnabled: true,
    }),
  });
}
