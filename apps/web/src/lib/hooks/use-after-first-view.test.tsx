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

  it('counts the released steps up to a maximum, and draws a waiting part only when its step comes', () => {
    const drawn: string[] = [];
    function Steps() {
      const steps = hook.useFirstViewSteps(3);
      drawn.push(`count ${steps}`);
      return <p>{`steps ${steps}`}</p>;
    }
    function Waiting() {
      const ready = hook.useAfterFirstView(3);
      drawn.push(`step 3 ${ready}`);
      return null;
    }
    render(
      <>
        <Steps />
        <Waiting />
      </>,
    );
    const counts = [screen.getByText(/^steps/).textContent];
    for (let i = 0; i < 4; i++) {
      act(() => {
        vi.advanceTimersToNextTimer();
      });
      counts.push(screen.getByText(/^steps/).textContent);
    }
    expect(counts).toEqual(['steps 0', 'steps 1', 'steps 2', 'steps 3', 'steps 3']);
    expect(drawn.filter((d) => d.startsWith('step 3'))).toEqual(['step 3 false', 'step 3 true']);
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
