// The statement catalogue in document order, and a runner that reports which statements a
// description breaks. Both the traceability tests and the mutation self-check use it.
import type { OpenApi } from '../support/load-bundle';
import { serviceStatements } from './section-1-service';
import { contactRecordStatements } from './section-2-1-contact-record';
import { paymentStatements } from './section-2-2-payment';
import { paginationStatements } from './section-2-3-pagination';
import { configurationStatements } from './section-2-4-configuration';
import { statesStatements } from './section-3-states';
import { endpointsStatements } from './section-4-endpoints';
import { configurationEndpointStatements } from './section-4-1-configuration';
import { pingStatements } from './section-4-2-ping';
import { listPaymentsStatements } from './section-4-3-list-payments';
import { authenticationStatements } from './section-5-authentication';
import { eventsStatements } from './section-6-events';
import { errorsStatements } from './section-7-errors';
import { limitsStatements } from './section-8-limits';
import { versioningStatements } from './section-9-versioning';
import type { SectionStatements } from './statement';

export const statementsBySection: SectionStatements[] = [
  serviceStatements,
  contactRecordStatements,
  paymentStatements,
  paginationStatements,
  configurationStatements,
  statesStatements,
  endpointsStatements,
  configurationEndpointStatements,
  pingStatements,
  listPaymentsStatements,
  authenticationStatements,
  eventsStatements,
  errorsStatements,
  limitsStatements,
  versioningStatements,
];

/** `§4.3 › limit: ...` for every statement the description breaks. */
export function brokenStatements(spec: OpenApi): string[] {
  return statementsBySection.flatMap(({ section, statements }) =>
    statements.flatMap(({ name, check }) => {
      try {
        check(spec);
        return [];
      } catch {
        return [`§${section} › ${name}`];
      }
    }),
  );
}
