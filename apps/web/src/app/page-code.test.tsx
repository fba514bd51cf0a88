// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffMs, failedFileOf, isChunkLoadError, pageCode, type PageModule } from './page-code';

afterEach(() => {
  vi.useRealTimers();
});

describe('pageCode (decisions 0052, 0099, 0102)', () => {
  it("asks for the page's code a task after the router's call, and hands it over a task after it arrives", async () => {
    vi.useFakeTimers();
    const page: PageModule = { element: 'the page' };
    const load = vi.fn(() => Promise.resolve(page));
    let result: PageModule | undefined;
    // Every promise reaction queued so far, without running a timer.
    const settle = async () => {
      for (let i = 0; i < 10; i++) await Promise.resolve();
    };
    void pageCode(load)().then((module) => (result = module));
    await settle();
    expect(load, 'not within the navigation that asked').not.toHaveBeenCalled();
    vi.advanceTimersToNextTimer();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(result, 'drawn in the task after its evaluation').toBeUndefined();
    vi.advanceTimersToNextTimer();
    await settle();
    expect(result).toBe(page);
  });

  it('a chunk that cannot be fetched gives the retry state; any other error is thrown', async () => {
    const fetchFailure = new TypeError('Failed to fetch dynamically imported module: /assets/faq-page-X1.js');
    const retry = await pageCode(() => Promise.reject(fetchFailure))();
    expect(retry.element, 'a stand-in that retries inside the layout').toBeTruthy();
    expect(retry.Component).toBeUndefined();
    const broken = new Error('the page threw while evaluating');
    await expect(pageCode(() => Promise.reject(broken))()).rejects.toBe(broken);
  });

  it('knows the chunk errors, the file they name and the backoff', () => {
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('x is not a function'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(failedFileOf(new TypeError('Failed to fetch dynamically imported module: /assets/faq-page-X1.js.'))).toBe(
      '/assets/faq-page-X1.js',
    );
    expect(failedFileOf(new Error('no file here'))).toBeNull();
    expect([0, 1, 2, 5, 9].map(backoffMs)).toEqual([1_000, 2_000, 4_000, 30_000, 30_000]);
  });
});
