// `require('electron')` from a CommonJS package (electron-updater) gets the same recording stand-in the ES
// modules get (register.mjs loads it first and patches CommonJS resolution to this file).
module.exports = globalThis.__electronStandIn;
