// The payments the description's examples describe, copied by hand from its List Payments examples:
// the two of the `twoPayments` response example, which also match every named example of the
// query parameters sent together (ids, tokens, statuses, merchantReferences, and any pair of the
// fromCreatedDate and toCreatedDate examples). So the request the docs show, copied as it is, finds
// them in the sandbox, and gets the page the docs show. A sandbox test reads the bundled description
// and fails when the examples and these drift apart.
import type { Money, Payment } from './dataset.js';

/** The documented payments, in the merchant's currency (the examples use AUD). */
export function documentedPayments(currency: string): Payment[] {
  const money = (amount: string): Money => ({ amount, currency });
  return [
    {
      id: '300000016190',
      token: '002.k9amr4rlqdq0a1jdtcpn3aq8vfb4s5qg6itrggbm3qoi0g8l',
      status: 'DECLINED',
      created: '2024-03-10T08:30:00.001Z',
      originalAmount: money('59.00'),
      openToCaptureAmount: money('59.00'),
      paymentState: 'CAPTURE_DECLINED',
      merchantReference: 'A+B 1000',
      refunds: [],
      orderDetails: {
        consumer: { email: 'jane@example.com', givenNames: 'Jane', surname: 'Buyer', phoneNumber: '' },
        billing: { name: 'Jane Buyer', line1: '3 Sample Lane', line2: '', area1: 'Fitzroy', region: 'VIC', postcode: '3065', countryCode: 'AU' },
        shipping: { name: 'Jane Buyer', line1: '3 Sample Lane', line2: '', area1: 'Fitzroy', region: 'VIC', postcode: '3065', countryCode: 'AU' },
        courier: {},
        items: [{ name: 'Rope Bag', sku: '55443322', quantity: 1, price: money('59.00') }],
        discounts: [],
      },
      events: [
        {
          id: '2Qm7uR6nWf3KsYb0TcLp8DvZe1Q',
          created: '2024-03-10T08:30:00.001Z',
          expires: null,
          type: 'CAPTURE_DECLINED',
          amount: money('59.00'),
          paymentEventMerchantReference: null,
        },
      ],
    },
    {
      id: '300000016189',
      token: '002.6bjb3n9gqtbbu8tc5hd5e8kk8q6fip6qc7dpk5tl0ph2vfa9',
      status: 'APPROVED',
      created: '2024-03-11T20:11:42.487Z',
      originalAmount: money('129.98'),
      openToCaptureAmount: money('10.00'),
      paymentState: 'PARTIALLY_CAPTURED',
      merchantReference: 'order 1001 & gift',
      refunds: [
        { refundId: '2Qm7xA3dPq9ZtVb6RmYc1LsNe4K', refundedAt: '2024-03-12T09:30:00.412Z', amount: money('20.00') },
        {
          refundId: '67890123',
          refundedAt: '2024-03-14T10:05:00.123Z',
          requestId: '61cdad2d-8e10-42ec-a97b-8712dd7a8ca9',
          merchantReference: 'refund-1001-a',
          refundMerchantReference: 'credit-note-77',
          amount: money('19.99'),
        },
      ],
      orderDetails: {
        consumer: { email: 'test@example.com', givenNames: 'Joe', surname: 'Consumer', phoneNumber: '' },
        // The billing address without countryCode, as some integrations send it.
        billing: { name: 'Joe Consumer', line1: 'Level 5', line2: '', area1: 'Melbourne', region: 'VIC', postcode: '3000', phoneNumber: '0391234567' },
        shipping: { name: 'Joe Consumer', line1: '12 Example Road', line2: '', area1: 'Southbank', region: 'VIC', postcode: '3006', countryCode: 'AU' },
        courier: {},
        items: [
          {
            name: 'Blue Carabiner',
            sku: '12341234',
            quantity: 2,
            pageUrl: 'https://merchant.example.com/carabiner-354193.html',
            imageUrl: 'https://merchant.example.com/carabiner-7378-391453-1.jpg',
            price: money('44.99'),
            categories: [['Sporting Goods', 'Climbing Equipment', 'Climbing', 'Climbing Carabiners']],
            estimatedShipmentDate: '2024-03',
            preorder: false,
          },
          { name: 'Chalk Bag', sku: '99887766', quantity: 1, price: money('45.00') },
        ],
        discounts: [{ displayName: 'New Customer Coupon', amount: money('15.00') }],
        taxAmount: money('11.82'),
        shippingAmount: money('10.00'),
      },
      events: [
        {
          id: '2Qm7vKc1TzR8wXbN4pLs6HdYe0J',
          created: '2024-03-11T20:11:42.487Z',
          expires: '2024-03-18T20:11:42.486Z',
          type: 'AUTH_APPROVED',
          amount: money('129.98'),
          paymentEventMerchantReference: null,
        },
        {
          id: '2Qm7wc8JtE0nXyRb5KsLv2HqUe6M',
          created: '2024-03-12T09:28:14.903Z',
          expires: null,
          type: 'CAPTURED',
          amount: money('99.98'),
          paymentEventMerchantReference: '',
        },
        // A void is listed among the refunds under the VOIDED event's id.
        {
          id: '2Qm7xA3dPq9ZtVb6RmYc1LsNe4K',
          created: '2024-03-12T09:30:00.412Z',
          expires: null,
          type: 'VOIDED',
          amount: money('20.00'),
          paymentEventMerchantReference: null,
        },
      ],
    },
  ];
}
