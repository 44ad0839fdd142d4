import './src/styles/global.css';

export { wrapPageElement } from './src/components/wrap-page';
