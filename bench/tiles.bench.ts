import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { writeResult } from './support/results';

/** Cutting a 16384×8192 panorama into tiles. */
export const SECONDS_BUDGET = 30;
export const PEAK_RSS_BUDGET_MB = 1024;
const PANORAMA = '/work/shared/panoramas/jordan-pond.jpg';

/** The cut's process's resident memory now, and its peak so far (the kernel's high-water mark), in MB. */
function rssMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)![1]) / 1024;
  return { now: field('VmRSS'), peak: field('VmHWM') };
}

interface ChildFigures {
  layout: { tileResolution: number; maxLevel: number; cubeResolution: number };
  files: number;
  bytes: number;
  seconds: number;
  cpuSeconds: number;
  maxRssMb: number;
}

/** Runs the cut in a child process (from source, through tsx), sampling its memory from outside. */
function cutInChild(sourcePath: string, folder: string): Promise<ChildFigures & { sampledPeakRssMb: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/cut-tiles-child.ts', sourcePath, folder], { stdio: ['ignore', 'pipe', 'inherit'] });
  let sampledPeakRssMb = 0;
  const sampler = setInterval(() => {
    try {
      sampledPeakRssMb = Math.max(sampledPeakRssMb, rssMb(child.pid!).peak);
    } catch {
      // The process has just ended.
    }
  }, 20);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      clearInterval(sampler);
      if (code !== 0) reject(new Error(`The cut exited with code ${code}`));
      else resolve({ ...(JSON.parse(output) as ChildFigures), sampledPeakRssMb });
    });
  });
}

export async function benchTiles(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'tour-tiles-bench-'));
  try {
    // As an upload stores it: a baseline JPEG at quality 85 (not timed).
    const sourcePath = join(folder, 'panorama-16k.jpg');
    await sharp(PANORAMA).resize(16384, 8192, { fit: 'fill' }).jpeg({ quality: 85, quantisationTable: 3, optimiseCoding: false }).toFile(sourcePath);
    const loadBefore = loadavg()[0];
    const cut = await cutInChild(sourcePath, join(folder, 'tiles'));
    const peakRssMb = Math.max(cut.maxRssMb, cut.sampledPeakRssMb);
    console.log(
      `16384×8192: ${cut.files} files (${(cut.bytes / 2 ** 20).toFixed(1)} MB) in ${cut.seconds.toFixed(1)} s, ${cut.cpuSeconds.toFixed(1)} s of CPU`,
    );
    console.log(`peak RSS ${peakRssMb.toFixed(0)} MB; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`);
    writeResult({
      name: 'tiles',
      picture: '16384×8192 JPEG (jordan-pond.jpg resized, quality 85)',
      layout: cut.layout,
      files: cut.files,
      tileBytes: cut.bytes,
      seconds: Number(cut.seconds.toFixed(2)),
      cpuSeconds: Number(cut.cpuSeconds.toFixed(2)),
      peakRssMb: Math.round(peakRssMb),
      // The machine is shared: how busy it was says how far `seconds` is from `cpuSeconds` / 2.
      loadAverageBefore: Number(loadBefore.toFixed(2)),
      loadAverageAfter: Number(loadavg()[0].toFixed(2)),
      budgetSeconds: SECONDS_BUDGET,
      budgetPeakRssMb: PEAK_RSS_BUDGET_MB,
      withinBudget: cut.seconds <= SECONDS_BUDGET && peakRssMb <= PEAK_RSS_BUDGET_MB,
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
