// The npm package's entry. Bundlers take it into sites built with React, Next, Vue or Astro, whose server renders
// import it in Node too: there it must run nothing and define nothing, so the viewer (which touches the DOM as it
// loads) is only imported where there is a document to show it in.
if (typeof window !== 'undefined' && typeof customElements !== 'undefined') {
  void import('../index').catch((err: unknown) => console.error('tour-viewer: the viewer could not be loaded', err));
}
