import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Component tests wait on what the page shows (findBy*, waitFor), never on time. The limits below only
// bound a wait: generous, because `npm test` runs these beside the browser tests on two cores, where a
// page that shows its data after 1 s here (the licenses page's spinner holds that long) can take several.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(30_000);
