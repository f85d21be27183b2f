// summarise_payments: every page of GET /v2/payments through the client's iterator, counted per status
// and currency with totals exact in minor units (BigInt over the amount's digits: never a float). Stops
// at limits.maxPayments payments or after limits.deadlineMs and then says the answer is partial.
import { AbortError, type Payment } from '@merchant-ordering/client';
import { queryParameters } from '../spec.js';
import { WRITING_NOTE } from './list-payments.js';
import { parametersSchema } from './parameters-schema.js';
import { DATA_NOTE, READ_ONLY, SOURCE_SCHEMA, type Tool } from './tool.js';

/** The filters: the walk sets the page size and position itself, and order does not change a sum. */
const WALK_PARAMETERS = new Set(['limit', 'offset', 'orderBy', 'ascending']);
/** Pages as large as the API allows: fewest requests. */
const PAGE_SIZE = 250;
/** The Money amount's form in the description: digits, a point, two digits. */
const AMOUNT = /^(\d+)\.(\d{2})$/;

interface Group {
  status: string | null;
  currency: string | null;
  count: number;
  minor: bigint;
  unreadAmounts: number;
}

export function summarisePaymentsTool(): Tool & { annotations: typeof READ_ONLY } {
  const filters = queryParameters('listPayments').filter((parameter) => !WALK_PARAMETERS.has(parameter.name));
  return {
    name: 'summarise_payments',
    title: 'Summarise payments',
    description:
      'Counts the payments matching the filters, and totals their originalAmount, per status and currency: exact, in minor units (cents) and as a decimal string. ' +
      'Walks every page of List payments; stops after 10,000 payments or 60 seconds, and then says the answer is partial. ' +
      `The filters are list_payments' own, with the same rules. ${WRITING_NOTE} ${DATA_NOTE}`,
    inputSchema: parametersSchema(filters),
    outputSchema: {
      type: 'object',
      required: ['source', 'complete', 'counted', 'groups'],
      properties: {
        source: SOURCE_SCHEMA,
        complete: { type: 'boolean', description: 'false when the walk stopped early: the counts and totals cover `counted` payments only.' },
        stoppedBecause: { type: 'string' },
        counted: { type: 'integer' },
        matching: { type: 'integer', description: 'totalResults when the walk began.' },
        groups: {
          type: 'array',
          items: {
            type: 'object',
            required: ['status', 'currency', 'count', 'totalMinorUnits', 'total'],
            properties: {
              status: { type: ['string', 'null'] },
              currency: { type: ['string', 'null'] },
              count: { type: 'integer' },
              totalMinorUnits: { type: 'string', description: 'The exact sum of originalAmount in minor units, as a decimal integer string.' },
              total: { type: 'string', description: 'The same sum with two decimals.' },
              unreadAmounts: { type: 'integer', description: 'Payments counted whose originalAmount was missing or not in the form 0.00: not in the totals.' },
            },
          },
        },
      },
    },
    annotations: READ_ONLY,
    async run(args, { client, signal, limits }) {
      const deadline = AbortSignal.timeout(limits.deadlineMs);
      const walkSignal = AbortSignal.any([signal, deadline]);
      // The first page's totalResults says how much there is; the client validates the filters here, before the walk.
      const { totalResults: matching } = await client.listPayments({ ...args, limit: 1 }, { signal: walkSignal });
      const groups = new Map<string, Group>();
      let counted = 0;
      let stoppedBecause: string | undefined;
      try {
        for await (const payment of client.iteratePayments({ ...args, limit: PAGE_SIZE }, { signal: walkSignal })) {
          add(groups, payment);
          if (++counted >= limits.maxPayments) {
            stoppedBecause = `stopped at ${limits.maxPayments.toLocaleString('en')} payments`;
            break;
          }
        }
      } catch (error) {
        if (!(error instanceof AbortError) || !deadline.aborted || signal.aborted) throw error;
        stoppedBecause = `stopped after ${limits.deadlineMs / 1000} s`;
      }
      return {
        complete: stoppedBecause === undefined,
        ...(stoppedBecause && { stoppedBecause: `${stoppedBecause}: partial, narrow the dates or filters for a complete answer` }),
        counted,
        matching,
        groups: [...groups.values()].map(({ status, currency, count, minor, unreadAmounts }) => ({
          status,
          currency,
          count,
          totalMinorUnits: minor.toString(),
          total: decimal(minor),
          ...(unreadAmounts && { unreadAmounts }),
        })),
      };
    },
  };
}

function add(groups: Map<string, Group>, payment: Payment): void {
  const status = typeof payment.status === 'string' ? payment.status : null;
  const money = payment.originalAmount as { amount?: unknown; currency?: unknown } | undefined;
  const currency = typeof money?.currency === 'string' ? money.currency : null;
  const key = JSON.stringify([status, currency]);
  let group = groups.get(key);
  if (!group) groups.set(key, (group = { status, currency, count: 0, minor: 0n, unreadAmounts: 0 }));
  group.count++;
  const match = typeof money?.amount === 'string' ? AMOUNT.exec(money.amount) : null;
  if (match) group.minor += BigInt(match[1]!) * 100n + BigInt(match[2]!);
  else group.unreadAmounts++;
}

/** Minor units as a decimal with two places: 2999n → "29.99". */
export function decimal(minor: bigint): string {
  const digits = minor.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
