// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Decision 0100: the visit's first view is drawn in steps, one per frame;
// every later view draws whole at once.

let hook: typeof import('./use-after-first-view');

beforeEach(async () => {
  vi.useFakeTimers();
  // No frames in this document: each step is a task of its own.
  vi.stubGlobal('requestAnimationFrame', undefined);
  vi.resetModules();
  hook = await import('./use-after-first-view');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Part({ step }: { step: number }) {
  return <p>{`step ${step} ${hook.useAfterFirstView(step) ? 'drawn' : 'waiting'}`}</p>;
}

const parts = () => screen.getAllByText(/^step/).map((p) => p.textContent);

describe('useAfterFirstView', () => {
  it('releases the first view one step per task, in order', () => {
    render(
      <>
        <Part step={1} />
        <Part step={2} />
        <Part step={5} />
      </>,
    );
    expect(parts()).toEqual(['step 1 waiting', 'step 2 waiting', 'step 5 waiting']);
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    expect(parts()).toEqual(['step 1 drawn', 'step 2 waiting', 'step 5 waiting']);
    act(() => {
      vi.advanceTimersToNextTimer();
    });
    expect(parts()).toEqual(['step 1 drawn', 'step 2 drawn', 'step 5 waiting']);
    act(() => {
      vi.runAllTimers();
    });
    expect(parts()).toEqual(['step 1 drawn', 'step 2 drawn', 'step 5 drawn']);
  });

  it('draws whole at once once the first view is over', () => {
    hook.firstViewDrawn();
    act(() => {
      vi.runAllTimers();
    });
    render(<Part step={hook.FIRST_VIEW_STEPS} />);
    expect(parts()).toEqual([`step ${hook.FIRST_VIEW_STEPS} drawn`]);
  });
});
