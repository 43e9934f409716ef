import { expect } from 'chai';
import { imageSchema } from '../../../../api/schema/tour';
import { tourLoaded } from '../../../../embed/tour/viewer-store';
import { apiTour, panoramaDataUrl } from '../support/fixtures';
import { until } from '../support/render';
import { renderViewerElement, unmountViewers } from '../support/viewer-element';

const HELD = '/held-panorama.jpg';
const restores: Array<() => void> = [];

/**
 * Holds the download of HELD as a slow phone network would: pannellum's request is never sent, and the test tells
 * it how far the download has come. Answers that telling.
 */
function holdPanoramaDownload(): (loaded: number, total: number) => void {
  const held: XMLHttpRequest[] = [];
  const { open, send } = XMLHttpRequest.prototype;
  const urls = new WeakMap<XMLHttpRequest, string>();
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    urls.set(this, String(url));
    return (open as (...args: unknown[]) => void).call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    if (urls.get(this)?.endsWith(HELD)) held.push(this);
    else send.call(this, body);
  };
  restores.push(() => Object.assign(XMLHttpRequest.prototype, { open, send }));
  return (loaded, total) => held.forEach((request) => request.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total })));
}

afterEach(() => {
  restores.splice(0).forEach((restore) => restore());
  unmountViewers();
});

describe('while the first panorama downloads', () => {
  it('shows the poster with a thin progress bar, not pannellum’s grey pattern and byte counter', async () => {
    const progress = holdPanoramaDownload();
    const poster = panoramaDataUrl('#c84');
    const { element, shadow, store } = renderViewerElement({ poster });
    element.style.cssText = 'display:block;width:390px;height:600px';
    tourLoaded(store, apiTour({ images: [{ ...imageSchema.parse({ id: 'hall', title: 'Hall' }), url: HELD }] }));

    const bar = await until(() => shadow.querySelector<HTMLElement>('[role="progressbar"]'), 'the progress bar');
    expect(bar.getAttribute('aria-valuenow')).to.equal('0');
    await until(() => shadow.querySelector('.pnlm-container'), 'pannellum');
    progress(40, 100);
    await until(() => bar.getAttribute('aria-valuenow') === '40', 'the bar at 40%');
    expect(bar.getBoundingClientRect().height).to.be.at.most(4);
    expect(bar.getBoundingClientRect().width).to.equal(390);

    const container = shadow.querySelector('.pnlm-container')!;
    expect(getComputedStyle(container).backgroundImage, 'the grey pattern').to.equal('none');
    const loadBox = shadow.querySelector('.pnlm-load-box')!;
    expect(getComputedStyle(loadBox).display, 'the byte counter').to.equal('none');
    const preview = shadow.querySelector<HTMLElement>('.pnlm-preview-img')!;
    expect(getComputedStyle(preview).backgroundImage).to.include(poster.slice(0, 40));
    expect(getComputedStyle(preview).display).to.not.equal('none');
  });
});
