/** The owners' app. Until sign-in and the editor land, it points visitors at the demo tour. */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '64px auto', padding: 16 }}>
      <h1>Tour Platform</h1>
      <p>Build 360° virtual tours from panorama photos, share them anywhere, and guide visitors live.</p>
      <ul>
        <li>
          <a href="/tours/demo">Open the demo tour</a>
        </li>
        <li>
          <a href="/demo/">See the demo tour embedded in a partner page</a>
        </li>
      </ul>
    </main>
  );
}
