import { tourConfigSchema, tourInputSchema, type Tour } from '../../../../api/schema/tour';
import type { ControlsContext } from '../../../../embed/tour/viewer-rules';

/** A tour with every optional control switched on: the starting row of the visibility tables. */
export const everythingOnTour: ControlsContext['tour'] = {
  isVideoChatEnabled: true,
  isScheduleEnabled: true,
  leadgen: { enabled: true, message: '' },
  floorplans: [{ floorplanId: 'f', name: 'F', url: '', thumbUrl: '', tourId: 1, hotspots: [], sortOrder: 0, uploaded: true }],
  config: { ...tourConfigSchema.parse({}), ambience: { name: 'Birds', audio: '/media/audio/a.mp3', playing: true } },
  type: 'paid',
  owner: { type: 1 },
};

/** A paid tour as the API would answer it, with the given fields. */
export function apiTour(fields: Partial<Tour> = {}): Tour {
  return {
    ...tourInputSchema.parse({}),
    id: 12,
    userId: 3,
    shortId: 'loft',
    type: 'paid',
    whiteLabelStatusCode: '',
    teamId: null,
    floorplans: [],
    owner: { type: 1 },
    revision: 1,
    ...fields,
  };
}

/** A small single-colour equirectangular picture made on a canvas, so browser tests need no files. */
export function panoramaDataUrl(colour: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = 512;
  canvas.height = 256;
  const context = canvas.getContext('2d')!;
  context.fillStyle = colour;
  context.fillRect(0, 0, 512, 256);
  return canvas.toDataURL('image/png');
}
