import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { customElementsManifest, reactDeclarations, TOUR_VIEWER_ATTRIBUTES, typeDeclarations } from '../../../../embed/element/element-contract';
import type { ViewerEventMap } from '../../../../embed/element/viewer-events';
import type { TourViewerEventMap } from '../../../../embed/tour-viewer';

// Checked by tsc: every detail the viewer sends fits what the declarations promise partners, for the same events.
type PromisedDetails = { [K in keyof TourViewerEventMap]: TourViewerEventMap[K]['detail'] };
export const sentFitsPromised = (sent: ViewerEventMap): PromisedDetails => sent;
export const sameEvents = (promised: Record<keyof PromisedDetails, true>): Record<keyof ViewerEventMap, true> => promised;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * Type-checks partners' files against the served declarations, in one program. The declarations go in as .ts
 * files, so they are checked themselves while the libraries' own .d.ts files (React's) are skipped for speed.
 */
function diagnostics(usages: Record<string, string>): Record<string, string[]> {
  const files: Record<string, string> = {
    '/p/tour-viewer.ts': typeDeclarations(),
    '/p/tour-viewer-react.ts': reactDeclarations(),
    ...Object.fromEntries(Object.entries(usages).map(([name, text]) => [`/p/${name}.tsx`, text])),
  };
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    typeRoots: [join(process.cwd(), 'node_modules/@types')],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => files[name] ?? readFile(name);
  host.fileExists = (name) => name in files || fileExists(name);
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (name) => name === '/p' || (directoryExists?.(name) ?? true);
  host.getSourceFile = (name, version) => {
    const text = host.readFile(name);
    return text === undefined ? undefined : ts.createSourceFile(name, text, version);
  };
  host.getCurrentDirectory = () => process.cwd();
  const program = ts.createProgram(Object.keys(files), options, host);
  const found: Record<string, string[]> = Object.fromEntries(Object.keys(files).map((name) => [name.slice(3), []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    found[d.file?.fileName.slice(3) ?? 'program'] = [
      ...(found[d.file?.fileName.slice(3) ?? 'program'] ?? []),
      ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    ];
  }
  return found;
}

describe("the element's declarations and manifest served to partners", () => {
  it('are the files built beside the script, generated from the contract (run vitest -u after changing it)', async () => {
    await expect(typeDeclarations()).toMatchFileSnapshot('../../../../embed/tour-viewer.d.ts');
    await expect(reactDeclarations()).toMatchFileSnapshot('../../../../embed/tour-viewer-react.d.ts');
    await expect(`${JSON.stringify(customElementsManifest(), null, 2)}\n`).toMatchFileSnapshot('../../../../embed/custom-elements.json');
  });

  it('name every attribute the viewer reads, and no other', () => {
    const read = new Set<string>();
    for (const file of sources('embed')) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:getAttribute|useHostAttribute\(host,)\s*\(?\s*'([a-z-]+)'/g)) read.add(match[1]);
      // The attributes the React wrapper maps to props (camelCase there).
      for (const match of text.matchAll(/props: \{([^}]*)\}/g)) {
        for (const prop of match[1].matchAll(/(\w+):/g)) read.add(prop[1].replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`));
      }
    }
    expect([...read].sort()).toEqual(Object.keys(TOUR_VIEWER_ATTRIBUTES).sort());
  });

  it("type-check a partner page and a React component using the element and its events (its own, the document's, React 19 props), and refuse what it does not take", () => {
    const good = `import type { TourViewerElement } from './tour-viewer';
      const element: TourViewerElement = document.createElement('tour-viewer');
      element.addEventListener('view-change', (event) => event.detail.yaw.toFixed(1));
      element.addEventListener('tour-error', (event) => event.detail.code.toUpperCase());
      element.addEventListener('click', (event) => event.clientX.toFixed(0));
      document.addEventListener('scene-change', (event) => event.detail.sceneId.toUpperCase());
      document.body.addEventListener('keydown', (event) => event.key);
      const yaw: number | undefined = element.view?.yaw;
      const ready: Promise<TourViewerElement> = element.ready;
      export const Listing = () => (
        <tour-viewer
          short-id="demo"
          server="https://tours.example.com"
          mls
          loading="lazy"
          alt="The flat"
          poster="/p.jpg"
          style={{ height: 400 }}
          onscene-change={(event) => event.detail.title.trim()}
          onClick={(event) => event.clientX}
        />
      );
      export { yaw, ready };`;
    const bad = `import './tour-viewer';
      document.createElement('tour-viewer').addEventListener('view-change', (event) => event.detail.nope);
      document.addEventListener('tour-load', (event) => event.detail.nope);
      export const Listing = () => <tour-viewer short-id="demo" loading="sometimes" />;
      export const Listens = () => <tour-viewer short-id="demo" ontour-error={(event) => event.detail.nope} />;`;
    const found = diagnostics({ good, bad });
    expect(found).toMatchObject({ 'tour-viewer.ts': [], 'tour-viewer-react.ts': [], 'good.tsx': [] });
    expect(found['bad.tsx']).toHaveLength(4);
    expect(Object.keys(found)).not.toContain('program');
  });
});
