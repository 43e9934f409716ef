import { typeInto } from './real-owner';

/** The button or link whose text is exactly this. */
export const byText = (text: string, within: ParentNode = document) =>
  [...within.querySelectorAll<HTMLElement>('button, a')].find((element) => element.textContent?.trim() === text);

/** The input of the labelled field (TextField or the like) whose label reads exactly this. */
export const field = (label: string, within: ParentNode = document) =>
  [...within.querySelectorAll('label')].find((candidate) => candidate.querySelector('span')?.textContent === label)!.querySelector('input')!;

/** Fills the labelled fields of a form, then submits it. */
export function fillAndSubmit(form: HTMLFormElement, values: Record<string, string>): void {
  for (const [label, value] of Object.entries(values)) typeInto(field(label, form), value);
  form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
}

/** The form named by its aria-label. */
export const form = (name: string) => document.querySelector<HTMLFormElement>(`form[aria-label="${name}"]`);

/** The sentence under a field of that label. */
export const errorUnder = (label: string, within: ParentNode = document) => field(label, within).parentElement!.querySelector('.ad-error')?.textContent ?? null;
