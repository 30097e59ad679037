import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { apiErrorOf, createHttpClient, form, HttpError } from '../../../src/api/http';
import { addToBasket } from '../../../src/api/basket';
import { http } from '../../../src/api/http';

interface Seen {
  method?: string;
  url?: string;
  data: unknown;
  contentType: string;
  accept: string;
}

/** An axios adapter that records the request and answers what the test says. */
function answering(status: number, data: unknown, headers: Record<string, string> = {}) {
  const seen: Seen[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const requestHeaders = config.headers;
    seen.push({
      method: config.method,
      url: (config.baseURL ?? '') + (config.url ?? '') + (config.params ? '?' + (config.paramsSerializer as { serialize: (params: object) => string }).serialize(config.params) : ''),
      data: config.data,
      contentType: String(requestHeaders.get('Content-Type') ?? ''),
      accept: String(requestHeaders.get('Accept') ?? ''),
    });
    const response = { data, status, statusText: String(status), headers, config, request: {} };
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
    }
    return response;
  };
  return { adapter, seen };
}

describe('the storefront HTTP client (axios)', () => {
  it('sends a form body url-encoded, the way /basketchange.php reads it', async () => {
    const { adapter, seen } = answering(200, { status: 'ok' });
    const client = createHttpClient({ adapter, baseURL: 'http://shop.test' });
    await client.post('/basketchange.php?mode=1', form({ product: 15, size: 'uniw', number: 2, getAjax: 'true' }));
    expect(seen[0].method).toBe('post');
    expect(seen[0].url).toBe('http://shop.test/basketchange.php?mode=1');
    expect(seen[0].contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(String(seen[0].data)).toBe('product=15&size=uniw&number=2&getAjax=true');
  });

  it('sends an object as JSON and reads a JSON answer', async () => {
    const { adapter, seen } = answering(200, '{"data":{"trackingEvents":["a()"]}}', { 'content-type': 'application/json' });
    const client = createHttpClient({ adapter });
    const answer = await client.post<{ data: { trackingEvents: string[] } }>('/graphql/v1/?trackingEvents', { query: '{ trackingEvents }' });
    expect(seen[0].contentType).toMatch(/^application\/json/);
    expect(JSON.parse(String(seen[0].data))).toEqual({ query: '{ trackingEvents }' });
    expect(seen[0].accept).toContain('application/json');
    expect(answer.data.data.trackingEvents).toEqual(['a()']);
  });

  it('puts query parameters on the address, brackets and spaces encoded as the platform reads them', async () => {
    const { adapter, seen } = answering(200, {});
    await createHttpClient({ adapter }).get('/search.php', { params: { 'traits_alt[24]': 148728, text: 'pastiglie freno' } });
    expect(seen[0].url).toBe('/search.php?traits_alt%5B24%5D=148728&text=pastiglie+freno');
  });

  it('keeps an answer as text when asked (product XML, partial pages)', async () => {
    const { adapter } = answering(200, '{"looks":"like json"}');
    const answer = await createHttpClient({ adapter }).get<string>('/projector.php', { responseType: 'text' });
    expect(answer.data).toBe('{"looks":"like json"}');
  });

  it('reads the x-iai-tracking-events header of an answer', async () => {
    const announced = answering(200, { basket: {} }, { 'x-iai-tracking-events': '2' });
    const answer = await createHttpClient({ adapter: announced.adapter }).get('/ajax/basket.php');
    expect(answer.headers['x-iai-tracking-events']).toBe('2');
    expect(answer.trackingEvents).toBe(2);
    const none = answering(200, {}, { 'x-iai-tracking-events': '0' });
    expect((await createHttpClient({ adapter: none.adapter }).get('/ajax/basket.php')).trackingEvents).toBe(0);
    const junk = answering(200, {}, { 'x-iai-tracking-events': 'many' });
    expect((await createHttpClient({ adapter: junk.adapter }).get('/ajax/basket.php')).trackingEvents).toBe(0);
  });

  it('maps a refusal to the shop error type with the server\u2019s code', async () => {
    const { adapter } = answering(400, { error: { code: 'quantity_above_max', message: 'too many' } });
    const failure = await createHttpClient({ adapter })
      .post('/basketchange.php?mode=1', form({ product: 13, size: 'uniw', number: 99 }))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).status).toBe(400);
    expect((failure as HttpError).reason).toBe('answer');
    expect(apiErrorOf(failure)).toEqual({ code: 'quantity_above_max', message: 'too many' });
  });

  it('maps a network failure and a timeout to the shop error type with status 0', async () => {
    const { AxiosError } = await import('axios');
    const offline: AxiosAdapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    };
    const slow: AxiosAdapter = async (config) => {
      throw new AxiosError('timeout of 18000ms exceeded', 'ECONNABORTED', config);
    };
    const network = (await createHttpClient({ adapter: offline }).get('/ajax/basket.php').catch((e: unknown) => e)) as HttpError;
    expect([network.status, network.reason]).toEqual([0, 'network']);
    expect(apiErrorOf(network)).toBeNull();
    const timeout = (await createHttpClient({ adapter: slow }).get('/ajax/basket.php').catch((e: unknown) => e)) as HttpError;
    expect([timeout.status, timeout.reason]).toEqual([0, 'timeout']);
  });

  it('gives the adapter the caller\u2019s signal and the 18 s timeout, and reports an abort as aborted', async () => {
    let signal: unknown;
    let timeout: number | undefined;
    const waiting: AxiosAdapter = (config) =>
      new Promise((_resolve, reject) => {
        signal = config.signal;
        timeout = config.timeout;
        (config.signal as AbortSignal).addEventListener('abort', () => reject(new Error('stopped')));
      });
    const controller = new AbortController();
    const pending = createHttpClient({ adapter: waiting }).get('/search.php', { signal: controller.signal }).catch((e: unknown) => e);
    // axios is loaded by the first request: wait until the request reached the adapter.
    while (signal === undefined) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(timeout).toBe(18_000);
    controller.abort();
    const failure = (await pending) as HttpError;
    expect(signal).toBe(controller.signal);
    expect(failure).toBeInstanceOf(HttpError);
    expect([failure.status, failure.reason]).toEqual([0, 'aborted']);
  });

  it('reports a request aborted before axios had loaded as aborted, and never sends it', async () => {
    const { adapter, seen } = answering(200, {});
    const controller = new AbortController();
    controller.abort();
    const failure = (await createHttpClient({ adapter }).get('/search.php', { signal: controller.signal }).catch((e: unknown) => e)) as HttpError;
    expect([failure.status, failure.reason]).toEqual([0, 'aborted']);
    expect(seen).toEqual([]);
  });

  it('runs the api modules on the shared client: an add hands back the answer and its headers', async () => {
    const { adapter, seen } = answering(200, { basket: { products: [] } }, { 'x-iai-tracking-events': '1' });
    (await http.instance()).defaults.adapter = adapter;
    const result = await addToBasket({ product: 4, size: 'uniw', number: 1 });
    expect(String(seen[0].data)).toBe('product=4&size=uniw&number=1&getAjax=true');
    expect(result.answer).toEqual({ basket: { products: [] } });
    expect(result.headers['x-iai-tracking-events']).toBe('1');
  });
});
