/**
 * `npm ci` installs exactly what package-lock.json says and stops when the lock is out of step
 * with package.json. These checks need no network: the lock's root entry must repeat
 * package.json's dependencies, overrides aside, and every package the lock installs on this
 * platform must accept every Node that `engines` names (else npm warns EBADENGINE).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

const root = join(__dirname, '..', '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  link?: boolean;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
}
const entries = Object.entries(lock.packages as Record<string, LockEntry>).filter(([path]) => path !== '');

/** npm skips optional packages made for another system; their engines never warn here. */
const installsHere = (entry: LockEntry) => {
  const fits = (list: string[] | undefined, value: string) =>
    !list || list.some((item) => (item.startsWith('!') ? item.slice(1) !== value : item === value));
  return fits(entry.os, process.platform) && fits(entry.cpu, process.arch);
};

/** The entry npm resolves for `name` from the root: node_modules/<name>. */
const topLevel = (name: string) => lock.packages[`node_modules/${name}`] as LockEntry | undefined;

describe('package-lock.json in step with package.json (what npm ci checks)', () => {
  it('the lock is lockfile version 3 of this package', () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(lock.name).toBe(pkg.name);
    expect(lock.packages[''].name).toBe(pkg.name);
    expect(lock.packages[''].version).toBe(pkg.version);
  });

  it.each(['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'])('the lock root repeats package.json %s', (field) => {
    expect(lock.packages[''][field] ?? {}).toEqual(pkg[field] ?? {});
  });

  it('the lock root names the same engines as package.json', () => {
    expect(lock.packages[''].engines ?? {}).toEqual(pkg.engines ?? {});
  });

  it('every dependency is locked at a version its range accepts (or an override names)', () => {
    const wrong: string[] = [];
    for (const field of ['dependencies', 'devDependencies']) {
      for (const [name, range] of Object.entries(pkg[field] as Record<string, string>)) {
        const entry = topLevel(name);
        if (!entry?.version) {
          wrong.push(`${name}: missing from the lock`);
          continue;
        }
        if (!entry.link && !semver.satisfies(entry.version, range, { includePrerelease: true })) wrong.push(`${name}: ${range} but ${entry.version} locked`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every pinned override is what the lock holds', () => {
    const wrong: string[] = [];
    for (const [name, value] of Object.entries((pkg.overrides ?? {}) as Record<string, unknown>)) {
      if (typeof value !== 'string' || value.startsWith('$')) continue;
      for (const [path, entry] of entries) {
        if (path.endsWith(`node_modules/${name}`) && entry.version && !semver.satisfies(entry.version, value)) wrong.push(`${path}: ${entry.version}, override ${value}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('what the dependencies need is not marked dev (npm ci --omit=dev keeps it), and only what development needs is', () => {
    // Node's lookup: node_modules/<name> beside the package, then in each folder above it.
    const packages = lock.packages as Record<string, LockEntry & Record<string, Record<string, string> | undefined>>;
    const resolveFrom = (from: string, name: string): string | null => {
      for (let at = from; ; ) {
        const candidate = `${at ? `${at}/` : ''}node_modules/${name}`;
        if (packages[candidate]) return candidate;
        if (!at) return null;
        const up = at.lastIndexOf('/node_modules/');
        at = up < 0 ? '' : at.slice(0, up);
      }
    };
    const needed = new Set<string>();
    const rootEntry = packages[''];
    const stack = Object.keys({ ...rootEntry.dependencies, ...rootEntry.optionalDependencies }).map((name) => resolveFrom('', name));
    while (stack.length) {
      const path = stack.pop();
      if (!path || needed.has(path)) continue;
      needed.add(path);
      const entry = packages[path];
      const optionalPeers = (entry.peerDependenciesMeta ?? {}) as unknown as Record<string, { optional?: boolean }>;
      for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies']) {
        for (const name of Object.keys(entry[field] ?? {})) {
          if (field === 'peerDependencies' && optionalPeers[name]?.optional) continue;
          stack.push(resolveFrom(path, name));
        }
      }
    }
    const wrong = entries.flatMap(([path, entry]) => {
      const dev = entry.dev === true;
      if (needed.has(path) && dev) return [`${path}: needed at run time but marked dev`];
      if (!needed.has(path) && !dev && !(entry as { devOptional?: boolean }).devOptional) return [`${path}: only for development but not marked dev`];
      return [];
    });
    expect(wrong).toEqual([]);
  });

  it('every locked package has a version and nothing the tree needs is left out', () => {
    const bare = entries.filter(([, entry]) => !entry.version && !entry.link).map(([path]) => path);
    expect(bare).toEqual([]);
  });
});

describe('engines says which Node the dependencies need', () => {
  it('is a valid range that includes the Node running the tests', () => {
    expect(semver.validRange(pkg.engines.node)).not.toBeNull();
    expect(semver.satisfies(process.version, pkg.engines.node)).toBe(true);
  });

  it('every package installed on this system accepts every Node that engines allows (no EBADENGINE)', () => {
    const narrower = entries
      .filter(([, entry]) => installsHere(entry))
      .flatMap(([path, entry]) => {
        const wanted = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
        return wanted && !semver.subset(pkg.engines.node, wanted) ? [`${path} wants node ${wanted}`] : [];
      });
    expect(narrower).toEqual([]);
  });
});
