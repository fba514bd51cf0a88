// Work that should not share a task with a render: run after the next frame
// has been drawn, so the render's layout and paint are done and what runs
// next measures a laid-out page (issue 15; decision 0100).

/** `run` in a task after the next frame; at once (a task later) in a tab that draws no frames. */
export function afterNextFrame(run: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.hidden) {
    setTimeout(run, 0);
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  // A frame that never comes (the tab hidden meanwhile) holds nothing back.
  setTimeout(once, 100);
}
