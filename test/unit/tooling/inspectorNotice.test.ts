import { createActor, createMachine } from 'xstate';
import { INSPECTOR_CONNECT_MS, INSPECTOR_NOTICES, startBrowserInspector } from '../../../sagas/inspector';

/**
 * `?inspect` speaks when the inspector cannot open: a notice on the page and a console warning,
 * and the flows' events kept locally (console and window.__shopInspection).
 */
// @statelyai/inspect is ESM-only (jest here runs CommonJS): a stand-in that does what its browser
// adapter does at start, opening the inspector's pop-up through the window it is given.
jest.mock('@statelyai/inspect', () => ({
  createBrowserInspector: (options: { url: string; window: Window }) => {
    options.window.open(options.url, 'xstateinspector');
    return { inspect: { next: () => undefined } };
  },
}));

const toggle = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { FLIP: 'on' } }, on: { on: { FLIP: 'off' } } } });

describe('?inspect when the inspector cannot open', () => {
  let warn: jest.SpyInstance;
  let debug: jest.SpyInstance;
  let open: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
    delete (window as unknown as { __shopInspection?: unknown }).__shopInspection;
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
    document.body.innerHTML = '';
  });

  it('a blocked pop-up: the page and the console say so, and the events are kept here', () => {
    open = jest.spyOn(window, 'open').mockReturnValue(null); // what a pop-up blocker answers
    const inspect = startBrowserInspector();
    expect(open).toHaveBeenCalledWith('https://stately.ai/inspect', 'xstateinspector');
    const notice = document.querySelector('[data-inspector-notice]');
    expect(notice?.getAttribute('role')).toBe('alert');
    expect(notice?.textContent).toContain('blocked its pop-up. Allow pop-ups for this site');
    expect(warn).toHaveBeenCalledWith(`[inspect] ${INSPECTOR_NOTICES.blocked}`);

    const actor = createActor(toggle, { inspect }).start();
    actor.send({ type: 'FLIP' });
    const kept = (window as unknown as { __shopInspection: Array<{ type: string; event?: string }> }).__shopInspection;
    expect(kept.some((entry) => entry.type === '@xstate.event' && entry.event === 'FLIP')).toBe(true);
    expect(debug).toHaveBeenCalledWith('[inspect]', '@xstate.event', expect.any(String), 'FLIP');

    (notice!.querySelector('button') as HTMLButtonElement).click();
    expect(document.querySelector('[data-inspector-notice]')).toBeNull();
  });

  it('a pop-up that never connects (offline): the page says so after the wait', () => {
    jest.useFakeTimers();
    open = jest.spyOn(window, 'open').mockReturnValue({ postMessage: () => undefined } as unknown as Window);
    startBrowserInspector();
    expect(document.querySelector('[data-inspector-notice]')).toBeNull();
    jest.advanceTimersByTime(INSPECTOR_CONNECT_MS);
    expect(document.querySelector('[data-inspector-notice]')?.textContent).toContain('did not connect');
    expect(warn).toHaveBeenCalledWith(`[inspect] ${INSPECTOR_NOTICES.unreachable}`);
  });

  it('a pop-up that connects: no notice, nothing kept', () => {
    jest.useFakeTimers();
    open = jest.spyOn(window, 'open').mockReturnValue({ postMessage: () => undefined } as unknown as Window);
    const inspect = startBrowserInspector();
    window.dispatchEvent(new MessageEvent('message', { data: { type: '@statelyai.connected' } }));
    jest.advanceTimersByTime(INSPECTOR_CONNECT_MS);
    createActor(toggle, { inspect }).start();
    expect(document.querySelector('[data-inspector-notice]')).toBeNull();
    expect((window as unknown as { __shopInspection?: unknown }).__shopInspection).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });
});
