import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cssToModule, pannellumCssWithoutHiddenUi } from '../../../scripts/build-plugins.mjs';

const require = createRequire(import.meta.url);
const PANNELLUM_CSS = require.resolve('pannellum/build/pannellum.css');

/** The text a CSS import gives the viewer, as the build writes it. */
async function cssText(path: string): Promise<string> {
  const module = await cssToModule(readFileSync(path, 'utf8'), path);
  return JSON.parse(module.replace(/^export default /, '').replace(/;$/, '')) as string;
}

describe('CSS imported as text', () => {
  it('is minified without lowering: no comments or indentation, container queries and :dir() as written', async () => {
    const source = readFileSync('embed/styles/controls.css', 'utf8');
    const text = await cssText('embed/styles/controls.css');
    expect(source).toMatch(/\/\*/);
    expect(text).not.toMatch(/\/\*|\n {2}/);
    expect(text.length).toBeLessThan(source.length * 0.7);
    expect(text).toContain('@container tv-hud (height < 640px)');
    expect(await cssText('embed/styles/base.css')).toContain(':dir(rtl)');
  });

  it("keeps pannellum's rules for what the viewer shows and drops those of its controls, sprite and boxes", async () => {
    const text = await cssText(PANNELLUM_CSS);
    for (const shown of [
      '.pnlm-container{',
      '.pnlm-render-container{',
      '.pnlm-grab{',
      '.pnlm-grabbing{',
      '.pnlm-hotspot-base{',
      '.pnlm-about-msg{',
      '.pnlm-load-button{',
      '.pnlm-preview-img{',
      '.pnlm-container:fullscreen{',
    ]) {
      expect(text).toContain(shown);
    }
    for (const hidden of ['.pnlm-sprite', '.pnlm-controls', '.pnlm-zoom-in', '.pnlm-compass', '.pnlm-load-box', '.pnlm-info-box', '.pnlm-lbar', 'pnlm-mv']) {
      expect(text).not.toContain(hidden);
    }
  });

  it('refuses a pannellum whose stylesheet no longer has a rule of its own for a class it drops', () => {
    expect(() => pannellumCssWithoutHiddenUi('.pnlm-container{margin:0}.pnlm-sprite{background:red}')).toThrow(/pannellum CSS changed/);
  });
});
