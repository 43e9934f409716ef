/** CSS is imported as text (scripts/build-plugins.mjs) to be injected into a shadow root or style tag. */
declare module '*.css' {
  const css: string;
  export default css;
}
