// Element.prototype.toggleAttribute arrived in Chromium 69; the player page
// (src/player/player.ts) marks its paused and error states with it. core-js
// has no DOM methods. Legacy bundle only (decision 0046).
if (typeof Element !== 'undefined' && !Element.prototype.toggleAttribute) {
  Element.prototype.toggleAttribute = function toggleAttribute(name, force) {
    var on = force === undefined ? !this.hasAttribute(name) : !!force;
    if (on) this.setAttribute(name, '');
    else this.removeAttribute(name);
    return on;
  };
}
