// Run by the tiles bench in a process of its own, so that process's peak memory is the cut's alone: cuts the
// panorama at argv[2] into tiles under the folder argv[3], and prints its figures as one line of JSON.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { cutTiles } from '../../api/media/tiles/cut-tiles';

const [sourcePath, folder] = process.argv.slice(2);
let files = 0;
let bytes = 0;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const layout = await cutTiles(sourcePath, async (path, data) => {
  await mkdir(dirname(join(folder, path)), { recursive: true });
  await writeFile(join(folder, path), data);
  files += 1;
  bytes += data.length;
});
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
// maxRSS covers every thread of the process: the decode and remap workers share its memory.
console.log(JSON.stringify({ layout, files, bytes, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
