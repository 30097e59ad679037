import { inspectorWanted } from '../../../sagas/root';

// webpack.config.js is CommonJS; its build-time switches are what a production page is made of.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { devToolDefinitions } = require('../../../webpack.config.js') as { devToolDefinitions: (production: boolean, env?: { devReload?: boolean }) => Record<string, string> };

describe('the Stately inspector is a developer tool', () => {
  const inspect = process.env.INSPECT;
  afterEach(() => {
    if (inspect === undefined) delete process.env.INSPECT;
    else process.env.INSPECT = inspect;
  });

  it('a production page ignores ?inspect', () => {
    // Jest runs the sources as a production build does: no SHOP_INSPECTOR constant.
    expect(inspectorWanted('?inspect')).toBe(false);
    expect(inspectorWanted('?inspect', false)).toBe(false);
    expect(inspectorWanted('?text=pastiglie&inspect=1', false)).toBe(false);
  });

  it('a build that carries the inspector attaches it only when the address asks', () => {
    expect(inspectorWanted('?inspect', true)).toBe(true);
    expect(inspectorWanted('?text=pastiglie&inspect', true)).toBe(true);
    expect(inspectorWanted('', true)).toBe(false);
    expect(inspectorWanted('?text=inspect', true)).toBe(false);
  });

  it('only a development build, or one made with INSPECT=1, carries the inspector and the recorder', () => {
    delete process.env.INSPECT;
    expect(devToolDefinitions(true)).toEqual({ 'process.env.SHOP_INSPECTOR': '""', 'process.env.SHOP_RECORDER': '""', 'process.env.SHOP_DEV_RELOAD': '""' });
    expect(devToolDefinitions(false)).toEqual({ 'process.env.SHOP_INSPECTOR': '"1"', 'process.env.SHOP_RECORDER': '"1"', 'process.env.SHOP_DEV_RELOAD': '""' });
    // `npm run dev` only: its development build reloads the page when the dev server restarted.
    expect(devToolDefinitions(false, { devReload: true })['process.env.SHOP_DEV_RELOAD']).toBe('"1"');
    expect(devToolDefinitions(true, { devReload: true })['process.env.SHOP_DEV_RELOAD']).toBe('""');
    process.env.INSPECT = '1';
    expect(devToolDefinitions(true)).toEqual({ 'process.env.SHOP_INSPECTOR': '"1"', 'process.env.SHOP_RECORDER': '""', 'process.env.SHOP_DEV_RELOAD': '""' });
  });
});
