import type { UploadedPicture } from '../../../../../../admin/features/editor/tour-edits';

/** A panorama as an upload answers it, stored under its file name. */
export const picture = (fileName: string): UploadedPicture => ({
  fileName,
  url: `/media/tours/${fileName}`,
  thumbUrl: '',
  hotspotUrl: '',
  mobileUrl: '',
  width: 4096,
  height: 2048,
  size: 1,
  isNotEquirect: false,
});
