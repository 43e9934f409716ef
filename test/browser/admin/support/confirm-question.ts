import { until } from '../../embed/support/render';

/** Waits for the app's confirmation question, checks its words, and answers it as an owner would. */
export async function answerQuestion(host: HTMLElement, question: string, reply: 'Yes' | 'Cancel'): Promise<void> {
  const dialog = await until(() => host.querySelector<HTMLElement>('.ad-confirm[role="dialog"]'), `the question "${question}"`);
  if (dialog.getAttribute('aria-label') !== question) throw new Error(`asked "${dialog.getAttribute('aria-label')}", not "${question}"`);
  [...dialog.querySelectorAll('button')].find((button) => button.textContent === reply)!.click();
  await until(() => !host.querySelector('.ad-confirm'), 'the question answered');
}
