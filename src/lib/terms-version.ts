// The version of the Terms of Service (content/legal/terms.md) a buyer accepts at checkout: the day it
// took effect, and the SHA-256 of the file's text it names, so a version means one text. The site shows
// the version beside the Pay button; the BFF records which version was accepted, and when, and takes
// only this one. __tests__/terms-version.test.ts fails when the terms change without a new version.

export const TERMS_VERSION = '2026-11-28';
export const TERMS_SHA256 = 'bc17f660c2a7d9753d1f073119676f3d54591fa8128a7b09648f97f2724566d8';
