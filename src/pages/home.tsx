import IndexPage from './index';

// /home is the home page under a second address; its canonical link points at /.
// (Gatsby wants a literal default export in a page file, not a re-export.)
export { Head } from './index';
export default IndexPage;
