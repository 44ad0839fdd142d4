/** One query parameter of the current page (account bodies render in the browser only). */
export function queryParam(name: string, search: string = window.location.search): string | null {
  return new URLSearchParams(search).get(name);
}
