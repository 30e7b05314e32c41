/**
 * The peer of bench:api: a bare Koa app on the same Koa as Riposte, answering one small JSON body
 * (about the size of a signed-out /api/auth/status) on every path. What the machine and Koa can do
 * with no middleware at all; Riposte's figures are read against it.
 */
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { authenticated: false, user: null };
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address !== null && typeof address === 'object') process.stdout.write(`peer listening on http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
