// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from 'vitest';
import { APP_MODULES_ELEMENT_ID, NEXT_PAGES_MARK, type AppModules } from '@bosphorus/contract';
import { resetPageWarmer, setDetailPagesWarmer, warmDetailPagesWhenIdle } from './page-warmer';

afterEach(() => {
  resetPageWarmer();
  document.body.innerHTML = '';
  performance.clearMarks();
  vi.unstubAllGlobals();
});

it('fetches the next pages once, when the loaded page is idle, marking where its own loading ended', () => {
  const idle: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
  const warm = vi.fn().mockResolvedValue(undefined);
  setDetailPagesWarmer(warm);
  warmDetailPagesWhenIdle(window);
  warmDetailPagesWhenIdle(window);
  expect(document.readyState).toBe('complete');
  expect(idle).toHaveLength(1);
  expect(warm).not.toHaveBeenCalled();
  expect(performance.getEntriesByName(NEXT_PAGES_MARK)).toHaveLength(0);
  idle[0]!();
  expect(warm).toHaveBeenCalledOnce();
  expect(performance.getEntriesByName(NEXT_PAGES_MARK)).toHaveLength(1);
});

it("fetches the files the server's page lists (decision 0155), at low priority and read to the end, instead of importing the code", async () => {
  const idle: Array<() => void> = [];
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
  const read = vi.fn().mockResolvedValue(new ArrayBuffer(0));
  const fetched = vi.fn((_file: string, _init?: RequestInit) => Promise.resolve({ arrayBuffer: read }));
  vi.stubGlobal('fetch', fetched);
  const list: AppModules = {
    scripts: ['/assets/app.js'],
    preloads: [],
    next: ['/assets/detail.css', '/assets/detail.js'],
  };
  document.body.innerHTML = `<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">${JSON.stringify(list)}</script>`;
  const warm = vi.fn().mockResolvedValue(undefined);
  setDetailPagesWarmer(warm);
  warmDetailPagesWhenIdle(window);
  expect(fetched).not.toHaveBeenCalled();
  idle[0]!();
  expect(fetched.mock.calls).toEqual([
    ['/assets/detail.css', { priority: 'low' }],
    ['/assets/detail.js', { priority: 'low' }],
  ]);
  expect(warm, 'not imported').not.toHaveBeenCalled();
  await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(2));
  expect(performance.getEntriesByName(NEXT_PAGES_MARK)).toHaveLength(1);
});

it('imports the code where the page lists nothing to fetch (the dev server), or a list it cannot read', () => {
  for (const body of ['', `<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">{"scripts":[</script>`]) {
    resetPageWarmer();
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    document.body.innerHTML = body;
    const warm = vi.fn().mockResolvedValue(undefined);
    setDetailPagesWarmer(warm);
    warmDetailPagesWhenIdle(window);
    idle[0]!();
    expect(warm).toHaveBeenCalledOnce();
    expect(fetched).not.toHaveBeenCalled();
  }
});
