import sharp from 'sharp';

export interface PixelStats {
  /** Mean standard deviation over the RGB channels: 0 means one flat colour. */
  stdev: number;
  mean: number;
}

/** Reads back what was really drawn (a screenshot), so a blank or single-colour canvas is caught. */
export async function pixelStats(png: Buffer): Promise<PixelStats> {
  const { channels } = await sharp(png).stats();
  const rgb = channels.slice(0, 3);
  return {
    stdev: rgb.reduce((sum, c) => sum + c.stdev, 0) / rgb.length,
    mean: rgb.reduce((sum, c) => sum + c.mean, 0) / rgb.length,
  };
}
