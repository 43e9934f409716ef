/**
 * A catalog text whose `{name}` slot holds a name someone typed: the name is set apart with `dir="auto"`, so a name
 * in another script (Arabic in an English sentence, or the reverse) keeps its own direction and does not reorder
 * the words around it. Text only: the name is never markup.
 */
export function NamedText({ text, name }: { text: string; name?: string }) {
  const at = text.indexOf('{name}');
  if (name === undefined || at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span dir="auto">{name}</span>
      {text.slice(at + '{name}'.length)}
    </>
  );
}
