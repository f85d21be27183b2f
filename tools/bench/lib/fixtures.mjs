// What the rows send and receive: one List Payments query (four array parameters, two dates), and payments shaped like the API's.

/** Credentials for the local servers only; no real service sees them. */
export const CREDENTIALS = { merchantId: 'bench', secretKey: 'bench-secret' };
export const AUTHORIZATION = `Basic ${Buffer.from(`${CREDENTIALS.merchantId}:${CREDENTIALS.secretKey}`).toString('base64')}`;

/** In the client's (spec) order, so every variant sends the same URL; values that need encoding, never a comma (the client refuses it). */
export const LIST_QUERY = {
  toCreatedDate: '2024-01-31T23:59:59.999Z',
  fromCreatedDate: '2024-01-01T00:00:00.000+11:00',
  limit: 20,
  tokens: ['002.b9b1e3c0a9d24a9e', '002.5c0f8e2d7f6b4c1a'],
  ids: ['300000016189', '300000016190'],
  merchantReferences: ['order #1&2', 'A+B'],
  statuses: ['APPROVED', 'DECLINED'],
};

/** The floor's URL as a careful caller writes it: repeated keys for arrays, encodeURIComponent for every value. */
export function handWrittenListUrl(baseUrl, query = LIST_QUERY) {
  let search = '';
  for (const [name, value] of Object.entries(query))
    for (const item of Array.isArray(value) ? value : [value]) search += `${search ? '&' : '?'}${name}=${encodeURIComponent(item)}`;
  return `${baseUrl}/v2/payments${search}`;
}

/** One payment, as the API returns it. */
export function payment(index) {
  const id = `p${String(index).padStart(6, '0')}`;
  return {
    id,
    token: `002.${id}`,
    status: 'APPROVED',
    created: '2024-03-11T20:11:42.487Z',
    originalAmount: { amount: '10.00', currency: 'AUD' },
    openToCaptureAmount: { amount: '0.00', currency: 'AUD' },
    paymentState: 'CAPTURED',
    merchantReference: `order-${index}`,
    refunds: [],
    orderDetails: {},
    events: [],
  };
}
