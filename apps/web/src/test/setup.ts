import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait for what the user sees; their 1 s default is too short for a lazily loaded screen on a
// machine whose cores are busy (the suite must pass under stress-ng), so they may wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom has <dialog> but not its modal methods (the phone kit's Dialog uses the browser's own): opening and
// closing set the `open` attribute, as browsers do; focus trapping is the browser's and is tested in e2e.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
