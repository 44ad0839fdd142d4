// /home is the home page under a second address; its canonical link points at /.
export { default, Head } from './index';
