type Rgba = [number, number, number, number];

function parseColour(css: string): Rgba {
  const parts = css.match(/[\d.]+/g)?.map(Number);
  if (!parts || !/^rgba?\(/.test(css)) throw new Error(`cannot read the colour ${css}`);
  return [parts[0], parts[1], parts[2], parts[3] ?? 1];
}

/** `top` drawn over the opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1) as Rgba;
}

function luminance([r, g, b]: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** One box under the text: its computed background colour and opacity, the text's own box first. */
export type BackgroundLayer = [backgroundColor: string, opacity: number];

/**
 * WCAG's contrast ratio of text in `colour` over `layers` (from the text's own box outwards), composited as the
 * browser draws them, down to the first opaque one (else over a white page).
 */
export function contrastRatio(colour: string, layers: BackgroundLayer[]): number {
  const seen: Rgba[] = [];
  for (const [background, opacity] of layers) {
    const layer = parseColour(background);
    if (layer[3] > 0) seen.push([layer[0], layer[1], layer[2], layer[3] * opacity]);
    if (layer[3] * opacity >= 1) break;
  }
  const backdrop = seen.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  const [light, dark] = [luminance(over(parseColour(colour), backdrop)), luminance(backdrop)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}
