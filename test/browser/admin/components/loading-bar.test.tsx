import { expect } from 'chai';
import { api } from '../../../../admin/lib/api-client';
import { loadingProgress, requestPending, requestSettled } from '../../../../admin/lib/loading-progress';
import { LoadingBar } from '../../../../admin/components/LoadingBar';
import { RequestFailed } from '../../../../admin/lib/request-failed';
import { mount, waitFor } from '../mount';

const bar = () => document.querySelector<HTMLElement>('[role="progressbar"]');

describe('LoadingBar', () => {
  let unmount: () => void = () => undefined;
  beforeEach(() => ({ unmount } = mount(<LoadingBar />)));
  afterEach(() => unmount());

  it('appears on the first step of a pending request, slides over 800 ms, and fills and fades in 200 ms when it settles', async () => {
    requestPending();
    expect(bar()).to.equal(null);
    await waitFor(() => bar() !== null, 'the bar');
    expect(bar()!.getAttribute('aria-valuenow')).to.equal('20');
    expect(bar()!.style.width).to.equal('20%');
    const style = getComputedStyle(bar()!);
    expect([style.position, style.top, style.backgroundColor, style.transitionDuration]).to.deep.equal(['fixed', '0px', 'rgb(28, 165, 155)', '0.8s']);
    requestSettled();
    await waitFor(() => bar()?.classList.contains('ad-loading-bar--ending') === true, 'the ending');
    expect(bar()!.style.width).to.equal('100%');
    expect(getComputedStyle(bar()!).transitionDuration).to.equal('0.2s');
    await waitFor(() => bar() === null, 'the bar to go');
  });

  it('counts every api() request, JSON or upload, from pending until it is fulfilled or rejected', async () => {
    const read = api('GET', '/no-such-route');
    const form = new FormData();
    form.set('image', new File(['not a picture'], 'x.jpg'));
    const upload = api('POST', '/no-such-upload', form);
    expect(loadingProgress.pending).to.equal(2);
    const [readError, uploadError] = await Promise.all([read.catch((err) => err), upload.catch((err) => err)]);
    expect(readError).to.be.instanceOf(RequestFailed);
    expect(uploadError).to.be.instanceOf(RequestFailed);
    expect(loadingProgress.pending).to.equal(0);
  });
});
