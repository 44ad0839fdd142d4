// `npm run serve`: the built site alone on http://127.0.0.1:8000 (no emulators).
import { startSiteServer } from './site-server';

const port = Number(process.env.SITE_PORT ?? 8000);

startSiteServer({ root: 'public', port })
  .then((server) => {
    console.log(`Site: ${server.url}`);
    const stop = () => void server.stop().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
