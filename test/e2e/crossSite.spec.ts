import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request as playwrightRequest, test } from '@playwright/test';

/**
 * Issue 21, point 1: a page on another site, opened by a shopper who has a basket cookie, tries
 * every way a browser lets it reach the shop (top-level GET links, HEAD and GET by `fetch` with
 * `no-cors`, form POSTs, a `text/plain` POST of GraphQL JSON, a GraphQL GET naming the query of a
 * document whose mutation the attacker had the server compile) and the basket stays empty.
 * The attacking page is served from http://localhost:<port+2>; the shop is http://127.0.0.1:<port>
 * (another site: another host).
 */
const shopPort = Number(process.env.E2E_PORT || 8181);
const SHOP = `http://127.0.0.1:${shopPort}`;

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function attackerPage(product: { id: number; size: string }): { html: string; links: string[] } {
  const mutation = `mutation Add { addProductsToBasket(ProductInput: [{ id: ${product.id}, size: "${product.size}", quantity: 3 }]) { status } }`;
  const twoOperations = `query Read { trackingEvents } ${mutation}`;
  const links = [
    `${SHOP}/graphql/v1/?query=${encodeURIComponent(mutation)}`,
    `${SHOP}/graphql/v1/?query=${encodeURIComponent(mutation)}&operationName=Add`,
    `${SHOP}/graphql/v1/?query=${encodeURIComponent(twoOperations)}&operationName=Read`,
    `${SHOP}/graphql/v1/?query=${encodeURIComponent(twoOperations)}&operationName=Add`,
    `${SHOP}/basketchange.php?mode=1&product=${product.id}&size=${product.size}&number=3`,
  ];
  const form = (name: string, action: string, fields: Record<string, string>, enctype = 'application/x-www-form-urlencoded') =>
    `<iframe name="${name}" title="${name}"></iframe><form id="${name}-form" method="POST" action="${escapeAttr(action)}" target="${name}" enctype="${enctype}">${Object.entries(fields)
      .map(([key, value]) => `<input type="hidden" name="${escapeAttr(key)}" value="${escapeAttr(value)}">`)
      .join('')}</form>`;
  // A text/plain form sends "name=value": the name carries the JSON up to a throwaway field.
  const jsonName = `{"query":${JSON.stringify(mutation)},"x":"`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Win a prize</title></head><body>
<ul>${links.map((href, i) => `<li><a id="link-${i}" href="${escapeAttr(href)}">prize ${i}</a></li>`).join('')}</ul>
${form('basket-add', `${SHOP}/basketchange.php?mode=1`, { product: String(product.id), size: product.size, number: '3' })}
${form('basket-set', `${SHOP}/basketchange.php?mode=2`, { product: String(product.id), size: product.size, number: '3' })}
${form('graphql-form', `${SHOP}/graphql/v1/`, { query: mutation })}
${form('graphql-text', `${SHOP}/graphql/v1/`, { [jsonName]: '"}' }, 'text/plain')}
<script>
(async () => {
  const shop = ${JSON.stringify(SHOP)};
  const mutation = ${JSON.stringify(mutation)};
  const attempts = [];
  for (const name of ['basket-add', 'basket-set', 'graphql-form', 'graphql-text']) {
    const frame = document.querySelector('iframe[name="' + name + '"]');
    attempts.push(new Promise((resolve) => frame.addEventListener('load', resolve, { once: true })));
    document.getElementById(name + '-form').submit();
  }
  const url = shop + '/graphql/v1/?query=' + encodeURIComponent(mutation);
  const options = { mode: 'no-cors', credentials: 'include' };
  attempts.push(fetch(url, { ...options, method: 'GET' }).catch(() => null));
  attempts.push(fetch(url, { ...options, method: 'HEAD' }).catch(() => null));
  attempts.push(fetch(shop + '/graphql/v1/', { ...options, method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ query: mutation }) }).catch(() => null));
  attempts.push(fetch(shop + '/basketchange.php?mode=1', { ...options, method: 'POST', body: new URLSearchParams({ product: '${product.id}', size: '${product.size}', number: '3' }) }).catch(() => null));
  await Promise.all(attempts);
  document.title = 'done';
})();
</script></body></html>`;
  return { html, links };
}

let attacker: Server;
let attackerOrigin = '';
let page = { html: '', links: [] as string[] };

test.beforeAll(async () => {
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page.html);
  });
  await new Promise<void>((resolve) => attacker.listen(shopPort + 2, '127.0.0.1', resolve));
  attackerOrigin = `http://localhost:${(attacker.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

test('a page on another site cannot change the basket by any route a browser offers it', async ({ page: shopper, baseURL }) => {
  // A product anyone may add (one size, no minimum).
  const listing = (await (await shopper.request.get('/search.php?json=true&traits_alt[24]=148728&limit=60')).json()) as { products: Array<{ id: number; listSize: string | null }> };
  const product = listing.products.filter((p) => p.listSize).map((p) => ({ id: p.id, size: p.listSize! }))[0];
  page = attackerPage(product);

  // The attacker, with its own cookie, runs the two-operation document until the server would compile it.
  const own = await playwrightRequest.newContext({ baseURL });
  const twoOperations = `query Read { trackingEvents } mutation Add { addProductsToBasket(ProductInput: [{ id: ${product.id}, size: "${product.size}", quantity: 3 }]) { status } }`;
  for (let i = 0; i < 6; i++) await own.post('/graphql/v1/', { data: { query: twoOperations, operationName: 'Add' } });
  await own.dispose();

  // The shopper has been to the shop: the visitor cookie (SameSite=Lax) is set.
  await shopper.goto('/main.php');
  // Each look on a connection of its own: a kept-alive one left idle past the server's 5 s keep-alive
  // (the other site's page takes longer) could be closed by the server just as it is reused.
  const basket = async () => ((await (await shopper.request.get('/ajax/basket.php', { headers: { connection: 'close' } })).json()) as { basket: { productsCounter: number } }).basket.productsCounter;
  expect(await basket()).toBe(0);

  // The other site's page: forms, fetches (no-cors), then each link followed as a top-level GET.
  await shopper.goto(`${attackerOrigin}/prize.html`);
  await expect(shopper).toHaveTitle('done');
  for (let i = 0; i < page.links.length; i++) {
    await shopper.goto(`${attackerOrigin}/prize.html`);
    await expect(shopper).toHaveTitle('done');
    await shopper.locator(`#link-${i}`).click();
    await shopper.waitForURL((url) => url.origin === SHOP);
  }
  expect(await basket()).toBe(0);

  // The same add from the shop's own page does change it (the attempts above were real).
  await shopper.goto('/main.php');
  const status = await shopper.evaluate(async (query) => {
    const response = await fetch('/graphql/v1/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    return response.status;
  }, `mutation { addProductsToBasket(ProductInput: [{ id: ${product.id}, size: "${product.size}", quantity: 1 }]) { status } }`);
  expect(status).toBe(200);
  expect(await basket()).toBe(1);
});
