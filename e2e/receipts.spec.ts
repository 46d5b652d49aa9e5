import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DEMO_PASSWORD, expect, newProvider, test, uniqueAccount } from './fixtures.ts';

/** The text of a PDF, read with Mozilla's PDF.js, its line breaks as spaces. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  let text = '';
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    text += content.items.map((item) => ('str' in item ? `${item.str} ` : '')).join('');
  }
  await pdf.destroy();
  // A kerned run ("27,") comes as two pieces: no space is drawn before a comma or a period.
  return text.replace(/\s+/g, ' ').replace(/ ([,.])/g, '$1');
}

async function signIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
}

test('a driver downloads the PDF receipt of a paid job, and the provider their copy', async ({
  page,
  browser,
}) => {
  const baseURL = test.info().project.use.baseURL;
  const business = await newProvider(browser, 'Receipt Diesel');
  const mechanic = await browser.newContext({ baseURL });
  await signIn(mechanic.request, business.email, business.password);
  const vehicle = `2020 Kenworth T680 #${Date.now().toString(36)}`;

  const paymentId =
    await test.step('A job done at $100.00 is paid $110.00 in cash and confirmed', async () => {
      const registered = await page.request.post('/api/auth/register', {
        data: { ...uniqueAccount(), role: 'driver' },
      });
      expect(registered.status()).toBe(201);
      const booked = await page.request.post('/api/bookings', {
        data: { providerId: business.id, serviceType: 'Brake Repair', vehicleDetails: vehicle },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      const bookingId = ((await booked.json()) as { id: string }).id;
      for (const data of [
        { status: 'confirmed' },
        { status: 'in_progress' },
        { status: 'completed', actualCost: 100 },
      ]) {
        const moved = await mechanic.request.patch(`/api/bookings/${bookingId}`, { data });
        expect(moved.status(), JSON.stringify(data)).toBe(200);
      }
      const paid = await page.request.post('/api/payments', {
        data: { bookingId, paymentMethod: 'cash' },
      });
      expect(paid.status(), await paid.text()).toBe(201);
      const id = ((await paid.json()) as { payment: { id: string } }).payment.id;
      const confirmed = await mechanic.request.post(`/api/payments/${id}/confirm-cash`);
      expect(confirmed.status(), await confirmed.text()).toBe(200);
      return id;
    });

  await test.step('The driver opens the receipt and downloads its PDF', async () => {
    await page.goto(`/receipts/${paymentId}`);
    await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
    const number = (await page.locator('#receipt header p.font-mono').textContent())?.trim();
    expect(number).toMatch(/^TF-\d{6}$/);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`truck-finder-receipt-${number}.pdf`);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Total $110.00');
    expect(text).toContain('Job cost $100.00');
    expect(text).toContain('Platform fee (10%) $10.00');
    expect(text).toContain(business.businessName);
    expect(text).toContain(vehicle);
    expect(text).toContain('Payment method Cash');
  });

  await test.step('The provider’s paid job links to their copy', async () => {
    const providerPage = await mechanic.newPage();
    await providerPage.goto('/bookings?tab=history');
    const job = providerPage.getByTestId('provider-booking-card').filter({ hasText: vehicle });
    const link = job.getByRole('link', { name: 'Receipt (PDF)' });
    await expect(link).toHaveAttribute('href', `/api/payments/${paymentId}/receipt.pdf`);
    const copy = await mechanic.request.get(`/api/payments/${paymentId}/receipt.pdf`);
    expect(copy.status()).toBe(200);
    expect(copy.headers()['content-type']).toBe('application/pdf');
    expect(await pdfText(await copy.body())).toContain('Total $110.00');
  });
  await mechanic.close();
});
