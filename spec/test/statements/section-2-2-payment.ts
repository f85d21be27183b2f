// §2.2 Payment: the fields the listing filters and sorts on, and (public facts §4) the full payment
// with every sub-object, their limits, string amounts and the nullable event fields.
import assert from 'node:assert/strict';
import { componentName, componentSchema, declaredProperty, pointerOf, propertiesOf, property, resolve } from '../support/spec-queries';
import type { OpenApi } from '../support/load-bundle';
import { assertInvalid, assertMentions, assertValid, mentions, sameMembers } from './checks';
import { article, statement, type SectionStatements } from './statement';

// Public facts §4, field for field ([U] fields such as OrderDetails.purchaseCountry are left out).
const subObjectFields: Record<string, string[]> = {
  Payment: [
    'id',
    'token',
    'status',
    'created',
    'originalAmount',
    'openToCaptureAmount',
    'paymentState',
    'merchantReference',
    'refunds',
    'orderDetails',
    'events',
  ],
  OrderDetails: ['consumer', 'billing', 'shipping', 'courier', 'items', 'discounts', 'taxAmount', 'shippingAmount'],
  Consumer: ['email', 'givenNames', 'surname', 'phoneNumber'],
  Item: ['name', 'sku', 'quantity', 'pageUrl', 'imageUrl', 'price', 'categories', 'estimatedShipmentDate', 'preorder'],
  Discount: ['displayName', 'amount'],
  ShippingCourier: ['shippedAt', 'name', 'tracking', 'priority'],
  PaymentEvent: ['id', 'created', 'expires', 'type', 'amount', 'paymentEventMerchantReference'],
  Refund: ['requestId', 'amount', 'merchantReference', 'refundId', 'refundedAt', 'refundMerchantReference'],
  Money: ['amount', 'currency'],
};

// Public facts §4 max lengths; `undefined` where the facts leave the limit unconfirmed. They limit what
// a merchant sends; the real service returns longer values, so response schemas state them in prose only.
const requestLimits: [string, string, number | undefined][] = [
  ['Consumer', 'email', 128],
  ['Consumer', 'givenNames', 128],
  ['Consumer', 'surname', 128],
  ['Consumer', 'phoneNumber', 32],
  ['Item', 'name', 255],
  ['Item', 'sku', 128],
  ['Item', 'pageUrl', 2048],
  ['Item', 'imageUrl', 2048],
  ['Discount', 'displayName', 128],
  ['ShippingCourier', 'name', 128],
  ['ShippingCourier', 'tracking', 128],
  ['PaymentEvent', 'paymentEventMerchantReference', 128],
  ['Refund', 'requestId', 64],
  ['Refund', 'refundMerchantReference', 128],
  ['Refund', 'merchantReference', undefined],
];

// Where each sub-object hangs: [holder, field, component, is it a list of them].
const links: [string, string, string, boolean][] = [
  ['Payment', 'originalAmount', 'Money', false],
  ['Payment', 'openToCaptureAmount', 'Money', false],
  ['Payment', 'orderDetails', 'OrderDetails', false],
  ['Payment', 'refunds', 'Refund', true],
  ['Payment', 'events', 'PaymentEvent', true],
  ['OrderDetails', 'consumer', 'Consumer', false],
  ['OrderDetails', 'courier', 'ShippingCourier', false],
  ['OrderDetails', 'items', 'Item', true],
  ['OrderDetails', 'discounts', 'Discount', true],
  ['OrderDetails', 'taxAmount', 'Money', false],
  ['OrderDetails', 'shippingAmount', 'Money', false],
  ['Item', 'price', 'Money', false],
  ['Discount', 'amount', 'Money', false],
  ['PaymentEvent', 'amount', 'Money', false],
  ['Refund', 'amount', 'Money', false],
];

const timestamps: [string, string][] = [
  ['Payment', 'created'],
  ['PaymentEvent', 'created'],
  ['PaymentEvent', 'expires'],
  ['Refund', 'refundedAt'],
  ['ShippingCourier', 'shippedAt'],
];

const schemaOf = (spec: OpenApi, name: string) => componentSchema(spec, name).node;

export const paymentStatements: SectionStatements = {
  section: '2.2',
  statements: [
    statement('the listing filters on fields of a payment: token, id, merchantReference and status', (spec) => {
      const fields = Object.keys(propertiesOf(spec, schemaOf(spec, 'Payment')));
      for (const name of ['token', 'id', 'merchantReference', 'status']) assert.ok(fields.includes(name), `Payment lacks ${name}`);
    }),

    statement("the sort key email names a field of the payment's order (orderDetails.consumer.email)", (spec) => {
      const consumer = property(spec, schemaOf(spec, 'OrderDetails'), 'consumer');
      assert.equal(property(spec, consumer, 'email').type, 'string');
    }),

    ...Object.entries(subObjectFields).map(([name, fields]) =>
      statement(`${name} has exactly the fields of public facts §4: ${fields.join(', ')}`, (spec) => {
        sameMembers(Object.keys(propertiesOf(spec, schemaOf(spec, name))), fields, `${name} fields`);
      }),
    ),

    ...links.map(([holder, field, component, list]) =>
      statement(`${holder}.${field} is ${list ? `a list of ${component}` : article(component)}`, (spec) => {
        const declared = declaredProperty(spec, schemaOf(spec, holder), field);
        if (list) assert.equal(resolve(spec, declared).type, 'array', `${holder}.${field} should be an array`);
        const target = list ? resolve(spec, declared).items : declared;
        assert.equal(componentName(spec, target), component, `${holder}.${field} should refer to ${component}`);
      }),
    ),

    statement('OrderDetails includes shipping, an address like billing (the peer specs drop it by mistake)', (spec) => {
      const orderDetails = schemaOf(spec, 'OrderDetails');
      const address = (field: string) => propertiesOf(spec, property(spec, orderDetails, field));
      assert.ok(Object.keys(address('shipping')).includes('line1'), 'OrderDetails.shipping should be an address');
      assert.deepEqual(address('shipping'), address('billing'), 'shipping and billing should have the same form');
    }),

    ...requestLimits.map(([holder, field, limit]) =>
      statement(
        limit === undefined
          ? `${holder}.${field} has no max length (unconfirmed in public facts §4)`
          : `${holder}.${field}: its request limit of ${limit} characters is stated, and returned values are not held to it`,
        (spec) => {
          const schema = property(spec, schemaOf(spec, holder), field);
          assert.equal(schema.maxLength, undefined, `${holder}.${field} is returned: it should carry no maxLength`);
          if (limit !== undefined) assertMentions(schema.description, `Up to ${limit} characters when sent`, `${holder}.${field} description`);
        },
      ),
    ),

    statement('Payment.refunds lists voids too, and a void may carry the VOIDED event id as its refundId (real samples)', (spec) => {
      assertMentions(property(spec, schemaOf(spec, 'Payment'), 'refunds').description, 'voids included', 'Payment.refunds description');
      assertMentions(property(spec, schemaOf(spec, 'Refund'), 'refundId').description, '`VOIDED` event', 'Refund.refundId description');
      const events = [
        { id: '2Qm7vKc1TzR8wXbN4pLs6HdYe0J', type: 'AUTH_APPROVED', amount: { amount: '50.00', currency: 'USD' } },
        { id: '2Qm7wF0aLr5SxYc9KvTn3BpUe8H', type: 'VOIDED', amount: { amount: '20.00', currency: 'USD' }, paymentEventMerchantReference: null },
      ];
      const voided = { amount: { amount: '20.00', currency: 'USD' }, refundId: events[1].id, refundedAt: '2024-05-02T03:04:05.678Z' };
      assertValid(spec, pointerOf('components', 'schemas', 'Payment'), { id: '300000016300', refunds: [voided], events }, 'a void listed as a refund');
    }),

    statement('openToCaptureAmount is the full amount after CAPTURE_DECLINED, not always 0.00 for immediate capture (real samples)', (spec) => {
      const description = property(spec, schemaOf(spec, 'Payment'), 'openToCaptureAmount').description;
      assertMentions(description, 'full amount after `CAPTURE_DECLINED`', 'Payment.openToCaptureAmount description');
      assert.ok(!mentions(description, 'always `0.00`'), 'Payment.openToCaptureAmount should not say it is always 0.00');
    }),

    statement('consumers may lack fields or carry empty strings, couriers may be {}, event references null or "" (real samples)', (spec) => {
      const schema = (name: string) => pointerOf('components', 'schemas', name);
      assertValid(
        spec,
        schema('Consumer'),
        { givenNames: 'Ana', surname: 'Silva', email: 'ana@example.com', phoneNumber: '' },
        'a consumer with an empty phone number',
      );
      assertValid(spec, schema('Consumer'), {}, 'a consumer with no fields');
      assertValid(spec, schema('ShippingCourier'), {}, 'an empty courier');
      for (const reference of [null, ''])
        assertValid(
          spec,
          schema('PaymentEvent'),
          { id: '2Qm7wF0aLr5SxYc9KvTn3BpUe8H', type: 'CAPTURED', paymentEventMerchantReference: reference },
          `an event reference ${JSON.stringify(reference)}`,
        );
    }),

    statement('Money.amount is a string, never a number', (spec) => {
      assert.equal(property(spec, schemaOf(spec, 'Money'), 'amount').type, 'string');
      const money = pointerOf('components', 'schemas', 'Money');
      assertValid(spec, money, { amount: '29.99', currency: 'AUD' }, 'a string amount');
      assertInvalid(spec, money, { amount: 29.99, currency: 'AUD' }, 'a numeric amount');
    }),

    statement('ids are strings even when they look numeric (Payment.id, PaymentEvent.id, Refund.refundId)', (spec) => {
      for (const [holder, field] of [
        ['Payment', 'id'],
        ['PaymentEvent', 'id'],
        ['Refund', 'refundId'],
      ]) {
        assert.equal(property(spec, schemaOf(spec, holder), field).type, 'string', `${holder}.${field} type`);
      }
    }),

    statement(`timestamps are ISO 8601 date-times: ${timestamps.map(([h, f]) => `${h}.${f}`).join(', ')}`, (spec) => {
      for (const [holder, field] of timestamps) {
        assert.equal(property(spec, schemaOf(spec, holder), field).format, 'date-time', `${holder}.${field} format`);
      }
    }),

    statement('Item.quantity is an int32', (spec) => {
      const quantity = property(spec, schemaOf(spec, 'Item'), 'quantity');
      assert.deepEqual([quantity.type, quantity.format], ['integer', 'int32']);
    }),

    ...['expires', 'paymentEventMerchantReference'].map((field) =>
      statement(`PaymentEvent.${field} accepts null as well as a string`, (spec) => {
        const pointer = pointerOf('components', 'schemas', 'PaymentEvent', 'properties', field);
        assertValid(spec, pointer, null, `${field}: null`);
        assertValid(spec, pointer, field === 'expires' ? '2024-03-25T01:02:03.004Z' : 'event-ref-1', `${field} as a string`);
      }),
    ),
  ],
};
