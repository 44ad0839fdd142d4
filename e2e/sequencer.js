// Jest loads a test sequencer with Node's own require, without its transform: this registers tsx so
// that the sequencer can be TypeScript (e2e/sequencer.ts).
require('tsx/cjs/api').register();
module.exports = require('./sequencer.ts').default;
