// Its own module, so the tool pages' script carries the sentence and not the home page's features.
/** The caption under the pictures (home features, tool galleries): the charts' values are made up (scripts/screenshots). */
export const dataNote = 'Illustrative data: synthetic values made for this picture, not market history.';
