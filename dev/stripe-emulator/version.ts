/** The API version of the pinned `stripe` package; answers and events claim it. */
export const ApiVersion = '2026-10-28.endive';
