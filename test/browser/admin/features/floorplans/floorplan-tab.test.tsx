import { expect } from 'chai';
import type { Floorplan } from '../../../../../api/schema/tour';
import { waitFor } from '../../mount';
import { answerQuestion } from '../../support/confirm-question';
import { openEditor, type EditorView } from '../../support/editor-view';
import { chooseFiles, pictureFile, storedTour } from '../../support/real-owner';

let view: EditorView;

const deleteButton = () => view.host.querySelector<HTMLButtonElement>('.ad-plans li .ad-link--danger');
const storedPlans = async (): Promise<Floorplan[]> => (await storedTour(view.owner, view.tour.shortId)).floorplans;

describe('Floor plan tab against the real API', () => {
  beforeEach(async () => {
    view = await openEditor();
    await view.openTab('floor plan');
  });
  afterEach(() => view.unmount());

  it('asks before deleting a floor plan: Cancel keeps it on the server, Yes deletes it and says so', async () => {
    chooseFiles(view.host.querySelector<HTMLInputElement>('section[aria-label="Floor plans"] input[type="file"]')!, [
      await pictureFile('Ground floor.png', '#ddd', 400, 300),
    ]);
    await waitFor(() => !!deleteButton(), 'the uploaded plan listed');
    deleteButton()!.click();
    await answerQuestion(view.host, 'Delete floor plan "Ground floor"?', 'Cancel');
    expect((await storedPlans()).map((plan) => plan.name)).to.deep.equal(['Ground floor']);
    expect(view.host.querySelectorAll('.ad-plans li')).to.have.length(1);

    deleteButton()!.click();
    await answerQuestion(view.host, 'Delete floor plan "Ground floor"?', 'Yes');
    await waitFor(() => view.host.querySelectorAll('.ad-plans li').length === 0, 'the plan gone from the list');
    await waitFor(() => !!view.host.textContent?.includes('Floor plan "Ground floor" deleted.'), 'the notice');
    expect(await storedPlans()).to.deep.equal([]);
  });
});
