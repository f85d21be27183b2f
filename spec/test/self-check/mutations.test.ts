// The traceability tests can fail: each case below makes one wrong edit to a copy of the bundle and
// runs the same statement catalogue over it, expecting the statement that names the edit to break.
import { describe, expect, it } from 'vitest';
import { loadBundle, type OpenApi } from '../support/load-bundle';
import { brokenStatements } from '../statements';

interface Mutation {
  change: string;
  mutate: (spec: OpenApi) => void;
  /** Qualified statement names (`§section › name`) that must break. */
  caughtBy: string[];
}

const mutations: Mutation[] = [
  {
    change: 'limit maximum 250 -> 300',
    mutate: (spec) => {
      spec.components.parameters.Limit.schema.maximum = 300;
    },
    caughtBy: ['§4.3 › limit: Number of results; 1 to 250 inclusive', '§8 › List Payments limit: 1 to 250 inclusive, default 20'],
  },
  {
    change: 'line2 made required',
    mutate: (spec) => {
      spec.components.schemas.Contact.required.push('line2');
    },
    caughtBy: ['§2.1 › line2 is optional with max length 128'],
  },
  {
    change: 'name max length 255 -> 256',
    mutate: (spec) => {
      spec.components.schemas.Contact.properties.name.maxLength = 256;
    },
    caughtBy: ['§2.1 › name is required with max length 255', '§8 › address field lengths: every Contact field has the max length of §2.1'],
  },
  {
    change: 'a request limit put back on returned addresses (line1 maxLength 128)',
    mutate: (spec) => {
      spec.components.schemas.ContactFields.properties.line1.maxLength = 128;
    },
    caughtBy: [
      '§2.1 › returned addresses (billing and shipping) carry the same fields and types, without the limits',
      '§8 › the address lengths limit what a merchant sends: no schema a response returns carries maxLength or maxItems',
    ],
  },
  {
    change: 'returned item names limited to 255 characters',
    mutate: (spec) => {
      spec.components.schemas.Item.properties.name.maxLength = 255;
    },
    caughtBy: [
      '§2.2 › Item.name: its request limit of 255 characters is stated, and returned values are not held to it',
      '§8 › the address lengths limit what a merchant sends: no schema a response returns carries maxLength or maxItems',
    ],
  },
  {
    change: 'a returned address required to carry countryCode',
    mutate: (spec) => {
      spec.components.schemas.ContactFields.required = ['countryCode'];
    },
    caughtBy: ['§2.1 › a returned address may lack countryCode, area1 or phoneNumber and may carry empty strings (real samples)'],
  },
  {
    change: 'a courier required to name itself, and event references required to be non-empty',
    mutate: (spec) => {
      spec.components.schemas.ShippingCourier.required = ['name'];
      spec.components.schemas.PaymentEvent.properties.paymentEventMerchantReference.minLength = 1;
    },
    caughtBy: ['§2.2 › consumers may lack fields or carry empty strings, couriers may be {}, event references null or "" (real samples)'],
  },
  {
    change: 'openToCaptureAmount said to be always 0.00 for immediate capture',
    mutate: (spec) => {
      spec.components.schemas.Payment.properties.openToCaptureAmount.description =
        'The amount still available to capture. Always `0.00` for immediate-capture orders.';
    },
    caughtBy: ['§2.2 › openToCaptureAmount is the full amount after CAPTURE_DECLINED, not always 0.00 for immediate capture (real samples)'],
  },
  {
    change: 'refunds described without the voids',
    mutate: (spec) => {
      spec.components.schemas.Payment.properties.refunds.description = 'Refunds of this payment; empty until one is made.';
    },
    caughtBy: ['§2.2 › Payment.refunds lists voids too, and a void may carry the VOIDED event id as its refundId (real samples)'],
  },
  {
    change: 'the List Payments 200 no longer mentions a missing Content-Type',
    mutate: (spec) => {
      spec.paths['/v2/payments'].get.responses['200'].description = 'One page of matching payments.';
    },
    caughtBy: ['§4 › a 200 may come without Content-Type (public facts §6): the overview and every JSON 200 say the body is JSON all the same'],
  },
  {
    change: 'a merchant reference example with a comma',
    mutate: (spec) => {
      spec.components.parameters.MerchantReferences.examples.tricky.value = ['order 1,2&3'];
    },
    caughtBy: [
      '§4.3 › array parameters (ids, tokens, merchantReferences, statuses) say that a comma inside a value counts as a separator, and no example has one',
    ],
  },
  {
    change: 'Ping given Basic auth',
    mutate: (spec) => {
      spec.paths['/ping'].get.security = [{ BasicAuth: [] }];
    },
    caughtBy: ['§4.2 › Ping needs no auth (security: [])'],
  },
  {
    change: 'Ping left to inherit the global security',
    mutate: (spec) => {
      delete spec.paths['/ping'].get.security;
    },
    caughtBy: ['§4.2 › Ping needs no auth (security: [])'],
  },
  {
    change: 'List Payments made anonymous',
    mutate: (spec) => {
      spec.paths['/v2/payments'].get.security = [];
    },
    caughtBy: ['§4 › every operation except Ping requires authentication', '§5 › every operation except Ping requires BasicAuth, and only BasicAuth'],
  },
  {
    change: 'UK area2 in x-country-fields changed to Village',
    mutate: (spec) => {
      spec.components.schemas.Contact['x-country-fields'].UK.area2 = 'Village';
    },
    caughtBy: ["§2.1 › the country table in x-country-fields equals the document's table cell for cell (unspecified is null)"],
  },
  {
    change: 'the listed tokens default "10" written as a schema default',
    mutate: (spec) => {
      spec.components.parameters.Tokens.schema.default = ['10'];
    },
    caughtBy: ['§4.3 › tokens: the listed default 10 is kept in x-document-default, not as a schema default'],
  },
  {
    change: 'ids sent comma-separated (explode false)',
    mutate: (spec) => {
      spec.components.parameters.Ids.explode = false;
    },
    caughtBy: ['§4.3 › array parameters repeat the key: ids has style form, explode true'],
  },
  {
    change: 'the %2B rule dropped from the fromCreatedDate description',
    mutate: (spec) => {
      const parameter = spec.components.parameters.FromCreatedDate;
      parameter.description = parameter.description.replaceAll('%2B', 'a plus sign');
    },
    caughtBy: ['§4.3 › a + in a date offset must be sent as %2B (stated in the description)'],
  },
  {
    change: 'email dropped from the orderBy values',
    mutate: (spec) => {
      spec.components.parameters.OrderBy.schema.enum.pop();
    },
    caughtBy: ['§4.3 › orderBy: Must be one of createdAt, id, totalAmount, merchantReference, email'],
  },
  {
    change: 'read timeout 20 -> 30 on List Payments',
    mutate: (spec) => {
      spec.paths['/v2/payments'].get['x-timeouts'].readSeconds = 30;
    },
    caughtBy: ['§8 › open 10 s and read 20 s timeouts in x-timeouts on every operation'],
  },
  {
    change: 'payment status closed to its listed values',
    mutate: (spec) => {
      const status = spec.components.schemas.PaymentStatus;
      status.enum = ['APPROVED', 'DECLINED'];
      delete status.anyOf;
    },
    caughtBy: ["§3 › a payment's status lists the stated values APPROVED and DECLINED and stays open: an unknown string validates"],
  },
  {
    change: 'Money.amount typed as a number',
    mutate: (spec) => {
      spec.components.schemas.Money.properties.amount = { type: 'number' };
    },
    caughtBy: ['§2.2 › Money.amount is a string, never a number'],
  },
  {
    change: 'OrderDetails.shipping dropped',
    mutate: (spec) => {
      delete spec.components.schemas.OrderDetails.properties.shipping;
    },
    caughtBy: ['§2.2 › OrderDetails includes shipping, an address like billing (the peer specs drop it by mistake)'],
  },
  {
    change: 'PaymentEvent.expires no longer nullable',
    mutate: (spec) => {
      spec.components.schemas.PaymentEvent.properties.expires.type = 'string';
    },
    caughtBy: ['§2.2 › PaymentEvent.expires accepts null as well as a string'],
  },
  {
    change: 'a wrong base64 in the worked example',
    mutate: (spec) => {
      const scheme = spec.components.securitySchemes.BasicAuth;
      scheme.description = scheme.description.replace('MzI6YWJjZGVmZ2g=', 'MzIgOmFiY2RlZmdo');
    },
    caughtBy: ['§5 › the worked example (Merchant 32 / secret abcdefgh -> Basic MzI6YWJjZGVmZ2g=) appears and is correct'],
  },
  {
    change: 'User-Agent made required',
    mutate: (spec) => {
      spec.components.parameters.UserAgent.required = true;
    },
    caughtBy: ['§4 › every operation declares the User-Agent header, optional, saying why and to send it anyway'],
  },
  {
    change: '500 removed from List Payments',
    mutate: (spec) => {
      delete spec.paths['/v2/payments'].get.responses['500'];
    },
    caughtBy: [
      "§7 › 500 on List Payments uses Error with errorCode error and the document's condition: usually a malformed fromCreatedDate or toCreatedDate (missing dash or colon, or an unencoded plus), or array parameters sent comma-separated or with brackets",
    ],
  },
  {
    change: 'the 422 description loses the limit bounds of its condition',
    mutate: (spec) => {
      const invalidQuery = spec.components.responses.InvalidQuery;
      invalidQuery.description = invalidQuery.description.replace('below 1 or above 250', 'out of range');
    },
    caughtBy: [
      "§7 › 422 on List Payments uses Error with errorCode error and the document's condition: an invalid query parameter, for example limit below 1 or above 250",
    ],
  },
  {
    change: 'List Payments moved to /v3/payments',
    mutate: (spec) => {
      spec.paths['/v3/payments'] = spec.paths['/v2/payments'];
      delete spec.paths['/v2/payments'];
    },
    caughtBy: ['§9 › the version is the /v2 path prefix except Ping at /ping'],
  },
  {
    change: 'the sandbox host dropped from the servers',
    mutate: (spec) => {
      spec.servers.splice(1, 1);
    },
    caughtBy: ['§1 › the base address {base_url} is the production or the sandbox global host (public facts §1)'],
  },
];

describe('mutation self-check: the traceability statements detect wrong edits', () => {
  it('the bundle as built breaks no statement', () => {
    expect(brokenStatements(loadBundle())).toEqual([]);
  });

  it.each(mutations.map((mutation) => [mutation.change, mutation.caughtBy.join('" and "'), mutation] as const))(
    '%s is caught by "%s"',
    (_change, _names, { mutate, caughtBy }) => {
      const spec = loadBundle();
      mutate(spec);
      expect(brokenStatements(spec)).toEqual(expect.arrayContaining(caughtBy));
    },
  );
});
