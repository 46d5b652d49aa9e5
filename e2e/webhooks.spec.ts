import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DALLAS,
  expect,
  expectNoSideways,
  newProvider,
  openSide,
  subscribeByApi,
  test,
} from './fixtures.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An integrator's receiver on this machine (the e2e server is loopback-only, so http works). */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/truck-finder/webhooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What docs/api.md tells integrators to do: some v1 is the HMAC-SHA256 of "t.body". */
function signedWith(header: string, body: string, secret: string) {
  const parts = header.split(',').map((part) => part.split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts.some(
    ([key, value]) =>
      key === 'v1' &&
      Buffer.from(value ?? '', 'hex').length === expected.length &&
      timingSafeEqual(Buffer.from(value!, 'hex'), expected),
  );
}

test('an Enterprise owner registers a webhook, sees its secret once, and the test event arrives signed', async ({
  browser,
  viewport,
}) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  try {
    const business = await newProvider(browser, 'Hook Diesel');
    const owner = await openSide(browser, viewport, DALLAS);
    const page = owner.page;
    const login = await page.request.post('/api/auth/login', {
      data: { email: business.email, password: business.password },
    });
    expect(login.status()).toBe(200);
    await subscribeByApi(page.request, 'enterprise');

    let secret = '';
    await test.step('Profile → Business → Webhooks: add an endpoint and copy its secret', async () => {
      await page.goto('/profile?tab=business');
      const section = page.getByRole('region', { name: 'Webhooks' });
      await expect(section.getByText('No endpoints yet.')).toBeVisible();
      await section.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
      await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
      await dialog.getByRole('checkbox', { name: /booking\.created/ }).check();
      await dialog.getByRole('checkbox', { name: /payment\.succeeded/ }).check();
      await dialog.getByRole('button', { name: 'Add Endpoint' }).click();

      const shown = page.getByRole('dialog', { name: 'Signing Secret' });
      const field = shown.getByRole('textbox', { name: 'Signing secret' });
      await expect(field).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
      secret = await field.inputValue();
      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(shown).toBeHidden();
      // Shown once: the list has the endpoint, never its secret.
      await expect(section.getByText(receiver.url)).toBeVisible();
      await expect(section.getByText('booking.created, payment.succeeded')).toBeVisible();
      expect(await page.content()).not.toContain(secret);
      await expectNoSideways(page);
    });

    await test.step('"Send test event": the delivery log shows it delivered with HTTP 200', async () => {
      const section = page.getByRole('region', { name: 'Webhooks' });
      await section.getByRole('button', { name: 'Send test event' }).click();
      const delivery = section
        .getByRole('list', { name: 'Delivery log' })
        .getByRole('listitem', { name: 'test.ping delivery' });
      await expect(delivery.getByText('Delivered')).toBeVisible({ timeout: 15_000 });
      await expect(delivery.getByText('HTTP 200')).toBeVisible();
      await expect(delivery.getByText('thanks')).toBeVisible();
      await expectNoSideways(page);
    });

    await test.step('the receiver got one test event, signed with the secret', async () => {
      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      const body = JSON.parse(request!.body) as { id: string; type: string; created: number };
      expect(body.type).toBe('test.ping');
      expect(request!.headers['truckfinder-event-id']).toBe(body.id);
      expect(request!.headers['content-type']).toBe('application/json');
      expect(request!.headers['user-agent']).toBe('TruckFinder-Webhooks/1.0');
      const signature = request!.headers['truckfinder-signature'] as string;
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(signedWith(signature, request!.body, secret)).toBe(true);
      expect(signedWith(signature, request!.body, 'whsec_wrong')).toBe(false);
    });
    expect(owner.problems).toEqual([]);
  } finally {
    await receiver.close();
  }
});
