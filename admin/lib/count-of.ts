/** "1 tour", "3 tours": a number with its noun in the form it takes (the noun with an s unless `many` says otherwise). */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
