import { expect } from 'chai';
import { upload } from '../../../../admin/lib/api-client';
import { RequestFailed } from '../../../../admin/lib/request-failed';
import { newTour, panoramaFile, signedInOwner } from '../support/real-owner';

async function pictureForm(file: File): Promise<FormData> {
  const tour = await newTour(await signedInOwner());
  const form = new FormData();
  form.set('image', file);
  form.set('tourId', String(tour.id));
  return form;
}

describe('api-client upload() against the real API', () => {
  it('reports the share of the picture sent, rising to the whole of it, and answers with the stored picture', async () => {
    const sent: number[] = [];
    const stored = await upload<{ image: string; url: string }>('/images/', await pictureForm(await panoramaFile('Hall.png', '#a33')), (share) =>
      sent.push(share),
    );
    expect(stored.url).to.match(/^\/media\/tours\//);
    expect(sent.length).to.be.above(0);
    expect(sent.at(-1)).to.equal(1);
    expect(sent.every((share, i) => share >= 0 && share <= 1 && (i === 0 || share >= sent[i - 1]))).to.equal(true);
  });

  it('fails in the one error shape, as api() does', async () => {
    const failure = await upload('/images/', await pictureForm(new File(['not a picture'], 'notes.jpg', { type: 'image/jpeg' })), () => undefined).catch(
      (err: unknown) => err,
    );
    expect(failure).to.be.instanceOf(RequestFailed);
    expect((failure as RequestFailed).status).to.equal(415);
    expect((failure as RequestFailed).message.length).to.be.above(0);
  });
});
