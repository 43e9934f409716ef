import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { removeDataDir, startServer, type RunningServer } from '../test/e2e/support/server';
import { writeResult } from './support/results';
import { seedTour, type SeededTour } from './support/seed-tour';

const UPLOADS = 8;
/** Peak resident memory of the server process while the uploads run. */
export const PEAK_RSS_BUDGET_MB = 1024;
/** `GET /api/tours/{shortId}` p99 while the uploads run. */
export const GET_P99_BUDGET_MS = 250;
const PANORAMAS = '/work/shared/panoramas';

/** Eight different 4096×2048 JPEGs made from the stored panoramas, each tinted differently. */
async function pictures(): Promise<Buffer[]> {
  const sources = readdirSync(PANORAMAS)
    .filter((name) => name.endsWith('.jpg'))
    .map((name) => readFileSync(join(PANORAMAS, name)));
  return Promise.all(
    Array.from({ length: UPLOADS }, (_, i) =>
      sharp(sources[i % sources.length])
        .resize(4096, 2048, { fit: 'fill' })
        .modulate({ hue: i * 45 })
        .jpeg({ quality: 90 })
        .toBuffer(),
    ),
  );
}

async function upload(server: RunningServer, tour: SeededTour, picture: Buffer, i: number): Promise<number> {
  const form = new FormData();
  form.set('tourId', String(tour.id));
  form.set('image', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), `room-${i}.jpg`);
  const response = await fetch(`${server.origin}/api/images`, { method: 'POST', headers: { Authorization: `JWT ${tour.token}` }, body: form });
  await response.arrayBuffer();
  return response.status;
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'))!;
  return Number(/\d+/.exec(line)![0]) / 1024;
}

/** Runs `work` while sampling the server's memory and timing visitors' reads of the tour on two connections. */
async function whileMeasuring<T>(server: RunningServer, tour: SeededTour, work: () => Promise<T>) {
  let peakRssMb = rssMb(server.process.pid!);
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMb(server.process.pid!))), 20);
  const latencies: number[] = [];
  let running = true;
  const reader = async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${server.origin}/api/tours/${tour.shortId}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET during uploads: ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  const readers = [reader(), reader()];
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all(readers);
  clearInterval(sampler);
  const sorted = latencies.sort((a, b) => a - b);
  return { result, seconds, peakRssMb, getP99Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))], gets: sorted.length };
}

/** Eight 4096×2048 uploads at once against the same eight one after another, on one server. */
export async function benchUpload(): Promise<void> {
  const images = await pictures();
  const server = await startServer();
  try {
    const tour = await seedTour(server);
    const sequential = await whileMeasuring(server, tour, async () => {
      const statuses: number[] = [];
      for (const [i, picture] of images.entries()) statuses.push(await upload(server, tour, picture, i));
      return statuses;
    });
    const parallel = await whileMeasuring(server, tour, () => Promise.all(images.map((picture, i) => upload(server, tour, picture, i))));
    const allSucceeded = [...sequential.result, ...parallel.result].every((status) => status === 201);
    const throughputShare = sequential.seconds / parallel.seconds;
    console.log(`statuses: one after another ${sequential.result.join(' ')}, at once ${parallel.result.join(' ')}`);
    console.log(`one after another ${sequential.seconds.toFixed(1)} s, at once ${parallel.seconds.toFixed(1)} s (throughput ×${throughputShare.toFixed(2)})`);
    console.log(`at once: peak RSS ${parallel.peakRssMb.toFixed(0)} MB, GET p99 ${parallel.getP99Ms.toFixed(0)} ms over ${parallel.gets} reads`);
    console.log(`one after another: peak RSS ${sequential.peakRssMb.toFixed(0)} MB, GET p99 ${sequential.getP99Ms.toFixed(0)} ms`);
    writeResult({
      name: 'upload',
      uploads: UPLOADS,
      picture: '4096×2048 JPEG',
      pictureBytes: images.map((picture) => picture.length),
      allSucceeded,
      sequentialSeconds: Number(sequential.seconds.toFixed(2)),
      parallelSeconds: Number(parallel.seconds.toFixed(2)),
      parallelUploadsPerSecond: Number((UPLOADS / parallel.seconds).toFixed(2)),
      sequentialUploadsPerSecond: Number((UPLOADS / sequential.seconds).toFixed(2)),
      parallelThroughputShare: Number(throughputShare.toFixed(2)),
      peakRssMb: Math.round(parallel.peakRssMb),
      sequentialPeakRssMb: Math.round(sequential.peakRssMb),
      getP99Ms: Math.round(parallel.getP99Ms),
      getsDuringUploads: parallel.gets,
      sequentialGetP99Ms: Math.round(sequential.getP99Ms),
      budgetPeakRssMb: PEAK_RSS_BUDGET_MB,
      budgetGetP99Ms: GET_P99_BUDGET_MS,
      withinBudget: allSucceeded && parallel.peakRssMb <= PEAK_RSS_BUDGET_MB && parallel.getP99Ms <= GET_P99_BUDGET_MS && throughputShare >= 1,
    });
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}
