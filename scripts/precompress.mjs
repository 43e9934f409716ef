// Compresses the built files once, at build time, so the server never compresses a static file per request.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Text files only: images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|map|txt|ts)$/;

/**
 * rollup plugin: writes `file.gz` (gzip level 9) and `file.br` (brotli quality 11) beside every text file of the
 * bundle. A variant that would not be smaller is not written, and the server then sends the file as it is.
 */
export function precompress() {
  return {
    name: 'precompress',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => COMPRESSIBLE.test(fileName))
          .map(async (fileName) => {
            const path = join(dir, fileName);
            const source = await readFile(path);
            const [gz, br] = await Promise.all([
              gzipAsync(source, { level: 9 }),
              brotliAsync(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
            ]);
            if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
            if (br.length < source.length) await writeFile(`${path}.br`, br);
          }),
      );
    },
  };
}
