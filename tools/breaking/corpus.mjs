// A corpus of known changes to the description, to measure breaking-change checkers on (ours, in
// packages/contract, and oasdiff): each case is one edit of the bundled description, with what it is
// for a client that was generated from, or written against, the description before the edit.
//   source: 'changelog'  a kind of change spec/CHANGELOG.md (or this toolkit's history) has seen;
//           'oasdiff'    a check in oasdiff's catalogue that applies to a description like ours (GET
//                        operations, query and header parameters, JSON and text responses, Basic auth);
//           'toolkit'    a rule of this toolkit's own (open values, x-known-values).
//   breaking: true when a client of the old description can break: a request it sends is refused, or a
//           response it parses no longer fits what it was told.
// The edits apply to a copy of spec/dist/openapi.json (components kept as $refs).

const op = (doc, path) => doc.paths[path].get;
const param = (doc, name) => doc.components.parameters[name];
const schema = (doc, name) => doc.components.schemas[name];
const prop = (doc, name, property) => doc.components.schemas[name].properties[property];

/** @type {Array<{ id: string, source: 'changelog' | 'oasdiff' | 'toolkit', breaking: boolean, change: string, edit(doc: any): void }>} */
export const CORPUS = [
  // Operations and security.
  { id: 'operation-removed', source: 'oasdiff', breaking: true, change: 'GET /v2/configuration removed', edit: (doc) => delete doc.paths['/v2/configuration'] },
  {
    id: 'operation-added',
    source: 'changelog',
    breaking: false,
    change: 'a new operation GET /v2/payments/{id}',
    edit: (doc) => {
      doc.paths['/v2/payments/{id}'] = {
        get: {
          operationId: 'getPayment',
          security: [{ BasicAuth: [] }],
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: 'The payment.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Payment' } } } } },
        },
      };
    },
  },
  {
    id: 'security-added-to-public-operation',
    source: 'oasdiff',
    breaking: true,
    change: 'GET /ping now needs Basic auth',
    edit: (doc) => {
      op(doc, '/ping').security = [{ BasicAuth: [] }];
    },
  },
  {
    id: 'security-scheme-changed',
    source: 'oasdiff',
    breaking: true,
    change: 'GET /v2/payments needs a bearer token instead of Basic auth',
    edit: (doc) => {
      doc.components.securitySchemes.BearerAuth = { type: 'http', scheme: 'bearer' };
      op(doc, '/v2/payments').security = [{ BearerAuth: [] }];
    },
  },
  {
    id: 'operation-id-changed',
    source: 'oasdiff',
    breaking: true,
    change: "listPayments' operationId becomes searchPayments (generated method names change)",
    edit: (doc) => {
      op(doc, '/v2/payments').operationId = 'searchPayments';
    },
  },

  // Parameters.
  {
    id: 'parameter-removed',
    source: 'oasdiff',
    breaking: true,
    change: 'the tokens filter removed',
    edit: (doc) => {
      op(doc, '/v2/payments').parameters = op(doc, '/v2/payments').parameters.filter((p) => p.$ref !== '#/components/parameters/Tokens');
    },
  },
  {
    id: 'parameter-added-optional',
    source: 'oasdiff',
    breaking: false,
    change: 'an optional currency filter added',
    edit: (doc) => op(doc, '/v2/payments').parameters.push({ name: 'currency', in: 'query', required: false, schema: { type: 'string' } }),
  },
  {
    id: 'parameter-added-required',
    source: 'oasdiff',
    breaking: true,
    change: 'a required region parameter added',
    edit: (doc) => op(doc, '/v2/payments').parameters.push({ name: 'region', in: 'query', required: true, schema: { type: 'string' } }),
  },
  {
    id: 'parameter-became-required',
    source: 'oasdiff',
    breaking: true,
    change: 'limit became required',
    edit: (doc) => {
      param(doc, 'Limit').required = true;
    },
  },
  {
    id: 'header-became-optional',
    source: 'changelog',
    breaking: false,
    change: 'User-Agent became optional (3.0.0)',
    edit: (doc) => {
      param(doc, 'UserAgent').required = true;
    },
    base: true,
  },
  {
    id: 'parameter-type-changed',
    source: 'oasdiff',
    breaking: true,
    change: 'limit typed as a string',
    edit: (doc) => {
      param(doc, 'Limit').schema = { type: 'string' };
    },
  },
  {
    id: 'parameter-max-decreased',
    source: 'oasdiff',
    breaking: true,
    change: 'limit maximum 250 -> 100',
    edit: (doc) => {
      param(doc, 'Limit').schema.maximum = 100;
    },
  },
  {
    id: 'parameter-max-increased',
    source: 'oasdiff',
    breaking: false,
    change: 'limit maximum 250 -> 500',
    edit: (doc) => {
      param(doc, 'Limit').schema.maximum = 500;
    },
  },
  {
    id: 'parameter-min-increased',
    source: 'oasdiff',
    breaking: true,
    change: 'offset minimum 0 -> 1',
    edit: (doc) => {
      param(doc, 'Offset').schema.minimum = 1;
    },
  },
  {
    id: 'parameter-default-changed',
    source: 'oasdiff',
    breaking: true,
    change: 'limit default 20 -> 50 (callers that leave it out get other pages)',
    edit: (doc) => {
      param(doc, 'Limit').schema.default = 50;
    },
  },
  {
    id: 'parameter-enum-value-removed',
    source: 'oasdiff',
    breaking: true,
    change: 'orderBy loses email',
    edit: (doc) => {
      param(doc, 'OrderBy').schema.enum = param(doc, 'OrderBy').schema.enum.filter((value) => value !== 'email');
    },
  },
  {
    id: 'parameter-enum-value-added',
    source: 'oasdiff',
    breaking: false,
    change: 'orderBy gains status',
    edit: (doc) => param(doc, 'OrderBy').schema.enum.push('status'),
  },
  {
    id: 'parameter-became-enum',
    source: 'oasdiff',
    breaking: true,
    change: 'the statuses filter closed to APPROVED and DECLINED',
    edit: (doc) => {
      param(doc, 'Statuses').schema.items = { type: 'string', enum: ['APPROVED', 'DECLINED'] };
    },
  },
  {
    id: 'parameter-pattern-added',
    source: 'oasdiff',
    breaking: true,
    change: 'ids must be digits',
    edit: (doc) => {
      param(doc, 'Ids').schema.items.pattern = '^[0-9]+$';
    },
  },
  {
    id: 'parameter-max-items-set',
    source: 'oasdiff',
    breaking: true,
    change: 'at most 10 ids',
    edit: (doc) => {
      param(doc, 'Ids').schema.maxItems = 10;
    },
  },
  {
    id: 'parameter-max-length-set',
    source: 'oasdiff',
    breaking: true,
    change: 'merchant references of at most 32 characters',
    edit: (doc) => {
      param(doc, 'MerchantReferences').schema.items.maxLength = 32;
    },
  },
  {
    id: 'parameter-style-changed',
    source: 'changelog',
    breaking: true,
    change: 'statuses sent comma-separated (explode: false)',
    edit: (doc) => {
      param(doc, 'Statuses').explode = false;
    },
  },
  {
    id: 'parameter-renamed',
    source: 'oasdiff',
    breaking: true,
    change: 'fromCreatedDate renamed createdFrom',
    edit: (doc) => {
      param(doc, 'FromCreatedDate').name = 'createdFrom';
    },
  },
  {
    id: 'parameter-component-renamed',
    source: 'changelog',
    breaking: false,
    change: "include's parameter component renamed (this release: ConfigurationInclude -> Include)",
    edit: (doc) => {
      doc.components.parameters.ConfigurationIncludeParameter = doc.components.parameters.Include;
      delete doc.components.parameters.Include;
      op(doc, '/v2/configuration').parameters = op(doc, '/v2/configuration').parameters.map((p) =>
        p.$ref === '#/components/parameters/Include' ? { $ref: '#/components/parameters/ConfigurationIncludeParameter' } : p,
      );
    },
  },

  // Responses.
  {
    id: 'success-response-removed',
    source: 'oasdiff',
    breaking: true,
    change: 'GET /v2/payments answers 200 no more (204 instead)',
    edit: (doc) => {
      const responses = op(doc, '/v2/payments').responses;
      responses['204'] = { description: 'Nothing.' };
      delete responses['200'];
    },
  },
  {
    id: 'error-response-added',
    source: 'changelog',
    breaking: false,
    change: 'GET /v2/configuration documents its 500 (3.0.0)',
    edit: (doc) => {
      op(doc, '/v2/configuration').responses['503'] = { $ref: '#/components/responses/MalformedQuery' };
    },
  },
  {
    id: 'error-response-removed',
    source: 'oasdiff',
    breaking: false,
    change: 'the 422 of GET /v2/payments is no longer documented',
    edit: (doc) => delete op(doc, '/v2/payments').responses['422'],
  },
  {
    id: 'response-media-type-removed',
    source: 'oasdiff',
    breaking: true,
    change: "ping's text/plain answer becomes application/json",
    edit: (doc) => {
      const content = op(doc, '/ping').responses['200'].content;
      content['application/json'] = { schema: { type: 'string' } };
      delete content['text/plain'];
    },
  },
  {
    id: 'response-header-removed',
    source: 'oasdiff',
    breaking: true,
    change: 'Cache-Control no longer sent with the configuration',
    edit: (doc) => delete op(doc, '/v2/configuration').responses['200'].headers['Cache-Control'],
  },
  {
    id: 'response-property-removed',
    source: 'oasdiff',
    breaking: true,
    change: 'Payment.merchantReference removed',
    edit: (doc) => delete schema(doc, 'Payment').properties.merchantReference,
  },
  {
    id: 'response-required-property-removed',
    source: 'oasdiff',
    breaking: true,
    change: 'Pagination.totalResults removed',
    edit: (doc) => {
      delete schema(doc, 'Pagination').properties.totalResults;
      schema(doc, 'Pagination').required = schema(doc, 'Pagination').required.filter((name) => name !== 'totalResults');
    },
  },
  {
    id: 'response-property-became-optional',
    source: 'oasdiff',
    breaking: true,
    change: 'Money.currency no longer required',
    edit: (doc) => {
      schema(doc, 'Money').required = ['amount'];
    },
  },
  {
    id: 'response-property-added',
    source: 'changelog',
    breaking: false,
    change: 'Payment gains riskScore',
    edit: (doc) => {
      schema(doc, 'Payment').properties.riskScore = { type: 'integer' };
    },
  },
  {
    id: 'response-property-became-required',
    source: 'oasdiff',
    breaking: false,
    change: 'Payment.status always present',
    edit: (doc) => {
      schema(doc, 'Payment').required = ['id', 'status'];
    },
  },
  {
    id: 'response-property-type-changed',
    source: 'oasdiff',
    breaking: true,
    change: 'Money.amount typed as a number',
    edit: (doc) => {
      prop(doc, 'Money', 'amount').type = 'number';
      delete prop(doc, 'Money', 'amount').pattern;
    },
  },
  {
    id: 'response-property-became-nullable',
    source: 'oasdiff',
    breaking: true,
    change: 'Payment.token may be null',
    edit: (doc) => {
      prop(doc, 'Payment', 'token').type = ['string', 'null'];
    },
  },
  {
    id: 'response-property-max-length-unset',
    source: 'changelog',
    breaking: true,
    change: "a response field's maxLength dropped (3.0.0: Consumer.email)",
    edit: (doc) => {
      prop(doc, 'Consumer', 'email').maxLength = 128;
    },
    base: true,
  },
  {
    id: 'response-property-max-items-unset',
    source: 'changelog',
    breaking: true,
    change: "a response array's maxItems dropped (3.0.0: OrderDetails.items)",
    edit: (doc) => {
      prop(doc, 'OrderDetails', 'items').maxItems = 100;
    },
    base: true,
  },
  {
    id: 'response-property-pattern-changed',
    source: 'oasdiff',
    breaking: true,
    change: 'Money.amount may have three decimals',
    edit: (doc) => {
      prop(doc, 'Money', 'amount').pattern = '^[0-9]+\\.[0-9]{2,3}$';
    },
  },
  {
    id: 'response-property-min-decreased',
    source: 'oasdiff',
    breaking: true,
    change: 'Pagination.limit minimum 1 -> 0',
    edit: (doc) => {
      prop(doc, 'Pagination', 'limit').minimum = 0;
    },
  },
  {
    id: 'response-closed-enum-value-added',
    source: 'oasdiff',
    breaking: true,
    change: "ping's body closed enum gains PONG (a closed response enum that grows)",
    edit: (doc) => {
      op(doc, '/ping').responses['200'].content['text/plain'].schema = { type: 'string', enum: ['pong', 'PONG'] };
    },
    baseEdit: (doc) => {
      op(doc, '/ping').responses['200'].content['text/plain'].schema = { type: 'string', enum: ['pong'] };
    },
  },
  {
    id: 'response-closed-enum-value-removed',
    source: 'toolkit',
    breaking: true,
    change: "ping's body closed enum loses PONG (oasdiff: a narrowing; generated clients lose the constant)",
    edit: (doc) => {
      op(doc, '/ping').responses['200'].content['text/plain'].schema = { type: 'string', enum: ['pong'] };
    },
    baseEdit: (doc) => {
      op(doc, '/ping').responses['200'].content['text/plain'].schema = { type: 'string', enum: ['pong', 'PONG'] };
    },
  },
  {
    id: 'response-additional-properties-closed',
    source: 'oasdiff',
    breaking: false,
    change: 'Error says additionalProperties: false (responses narrowed)',
    edit: (doc) => {
      schema(doc, 'Error').additionalProperties = false;
    },
  },
  {
    id: 'response-const-to-literal-pattern',
    source: 'changelog',
    breaking: false,
    change: "ping's const pong written as the pattern ^pong$ (3.0.0)",
    edit: (doc) => {
      op(doc, '/ping').responses['200'].content['text/plain'].schema = { type: 'string', pattern: '^pong$' };
    },
    baseEdit: (doc) => {
      op(doc, '/ping').responses['200'].content['text/plain'].schema = { type: 'string', const: 'pong' };
    },
  },

  // Open values (this toolkit's rules; issue 20).
  {
    id: 'open-enum-anyof-to-known-values',
    source: 'toolkit',
    breaking: false,
    change: 'an open status written as anyOf [enum, string] becomes a string with x-known-values (this release)',
    edit: () => {},
    baseEdit: (doc) => {
      schema(doc, 'PaymentStatus').anyOf = [
        { type: 'string', enum: ['APPROVED', 'DECLINED'] },
        { type: 'string', minLength: 1 },
      ];
      for (const key of ['type', 'minLength', 'x-known-values']) delete schema(doc, 'PaymentStatus')[key];
    },
  },
  {
    id: 'open-value-known-value-added',
    source: 'toolkit',
    breaking: false,
    change: 'KnownPaymentStatus gains ON_HOLD',
    edit: (doc) => schema(doc, 'KnownPaymentStatus').enum.push('ON_HOLD'),
  },
  {
    id: 'open-value-known-value-removed',
    source: 'toolkit',
    breaking: true,
    change: 'KnownPaymentStatus loses DECLINED (generated clients lose the constant)',
    edit: (doc) => {
      schema(doc, 'KnownPaymentStatus').enum = ['APPROVED'];
    },
  },
  {
    id: 'open-value-closed',
    source: 'toolkit',
    breaking: true,
    change: 'Payment.status closed to its known values (an unknown one is refused)',
    edit: (doc) => {
      schema(doc, 'PaymentStatus').enum = ['APPROVED', 'DECLINED'];
    },
  },
  {
    id: 'description-changed',
    source: 'changelog',
    breaking: false,
    change: 'a description reworded (3.0.0: Payment.refunds lists voids)',
    edit: (doc) => {
      prop(doc, 'Payment', 'refunds').description = 'Refunds and voids.';
    },
  },
  {
    id: 'example-changed',
    source: 'changelog',
    breaking: false,
    change: 'a named example reshaped (3.0.0)',
    edit: (doc) => {
      doc.components.examples.Configuration.value = { maximumAmount: { amount: '1000.00', currency: 'AUD' } };
    },
  },
  {
    id: 'server-description-changed',
    source: 'changelog',
    breaking: false,
    change: "the legacy host list moved into the server's description (3.0.0)",
    edit: (doc) => {
      doc.servers[2].description = 'Legacy regional hosts.';
    },
  },
];

/**
 * The two descriptions of a case: `base` is the bundle with the case's `baseEdit` (an earlier form of
 * what `edit` then changes), `head` the bundle with its `edit`. A case marked `base: true` is an edit
 * undone: its `edit` makes the base, and the bundle as it is is the head.
 */
export function descriptionsOf(testCase, bundle) {
  const base = structuredClone(bundle);
  const head = structuredClone(bundle);
  if (testCase.base) testCase.edit(base);
  else {
    testCase.baseEdit?.(base);
    testCase.edit(head);
  }
  return { base, head };
}
