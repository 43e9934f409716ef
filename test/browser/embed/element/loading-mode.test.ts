import { expect } from 'chai';
import { startsAtOnce } from '../../../../embed/element/loading-mode';

const placed: HTMLElement[] = [];
afterEach(() => placed.splice(0).forEach((element) => element.remove()));

/** A not-yet-defined <tour-viewer> placed `top` px below the top of the viewport. */
function viewerAt(top: number, attributes: Record<string, string> = {}): HTMLElement {
  const element = document.createElement('tour-viewer');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.style.cssText = `position:absolute;left:0;top:${top}px;display:block;width:300px;height:200px`;
  document.body.append(element);
  placed.push(element);
  return element;
}

describe('which viewers start as the script runs', () => {
  it('eager ones wherever they are, auto ones on screen or within 300 px of it, lazy ones only on screen', () => {
    const below = innerHeight;
    expect(startsAtOnce(viewerAt(below + 5000, { loading: 'eager' }))).to.equal(true);
    expect(startsAtOnce(viewerAt(10))).to.equal(true);
    expect(startsAtOnce(viewerAt(below + 250))).to.equal(true);
    expect(startsAtOnce(viewerAt(below + 400))).to.equal(false);
    expect(startsAtOnce(viewerAt(10, { loading: 'lazy' }))).to.equal(true);
    expect(startsAtOnce(viewerAt(below + 250, { loading: 'lazy' }))).to.equal(false);
  });

  it('not a viewer that is not displayed', () => {
    const hidden = viewerAt(10);
    hidden.hidden = true;
    hidden.style.display = '';
    expect(startsAtOnce(hidden)).to.equal(false);
  });
});
