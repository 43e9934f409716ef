/** The schema's warnings about the tour last saved (e.g. a scene no link reaches): saved anyway, worth a look. */
export function TourWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <section className="ad-warnings" aria-labelledby="ad-warnings-title" aria-live="polite">
      <h2 id="ad-warnings-title">Saved, with {warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`}</h2>
      <ul>
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </section>
  );
}
