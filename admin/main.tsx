import './zod-without-eval';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// Local storage is cleared at start-up; the signed-in user lives in a cookie.
localStorage.clear();
createRoot(document.getElementById('root')!).render(<App />);
