import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// No Docker engine runs on the test machines: the image's facts are read from its files, and
// test/e2e/production-install.test.ts runs what the runtime stage copies.
const dockerfile = readFileSync('Dockerfile', 'utf8');
const compose = readFileSync('compose.yaml', 'utf8');

/** compose.yaml's services, each as the text of its block. */
function services(): Map<string, string> {
  const body = compose.slice(compose.indexOf('\nservices:\n'), compose.indexOf('\nvolumes:\n'));
  const blocks = body.split(/\n(?= {2}[a-z][\w-]*:\n)/).slice(1);
  return new Map(blocks.map((block) => [block.trim().split(':')[0], block]));
}

describe('the Docker image and compose file', () => {
  it('builds and runs on a current LTS Node (22 or later) in every stage', () => {
    const bases = [...dockerfile.matchAll(/^FROM node:(\d+)/gm)].map((match) => Number(match[1]));
    expect(bases).toHaveLength(3);
    for (const major of bases) expect(major).toBeGreaterThanOrEqual(22);
  });

  it('ships what every documented npm run command needs, and checks health on PORT', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    for (const copied of ['./node_modules', 'package.json', './dist', './demo', './scripts/operator.mjs']) expect(runtime).toContain(copied);
    const healthCheck = runtime.slice(runtime.indexOf('HEALTHCHECK'), runtime.indexOf('\nCMD ['));
    expect(healthCheck).toContain('process.env.PORT');
    expect(healthCheck).not.toMatch(/:8080/);
  });

  it('starts each service once the services it depends on are healthy, and they have health checks', () => {
    const all = services();
    const dependents = [...all].filter(([, block]) => block.includes('depends_on:'));
    expect(dependents.map(([name]) => name)).toEqual(['scaled', 'balancer']);
    for (const [name, block] of dependents) {
      const dependsOn = block.slice(block.indexOf('depends_on:')).split('\n').slice(1);
      const needed = dependsOn.filter((line) => /^ {6}[a-z][\w-]*:$/.test(line)).map((line) => line.trim().slice(0, -1));
      expect(needed.length, name).toBeGreaterThan(0);
      expect(
        dependsOn.filter((line) => line.trim() === 'condition: service_healthy'),
        name,
      ).toHaveLength(needed.length);
      // The app's own services are checked by the image's HEALTHCHECK.
      for (const service of needed) expect(all.get(service)!.includes('build: .') ? dockerfile : all.get(service), service).toMatch(/HEALTHCHECK|healthcheck:/);
    }
  });
});
