// §2.4 Configuration: the fields the document leaves "not shown", filled from public facts §3.
import assert from 'node:assert/strict';
import type { OpenApi } from '../support/load-bundle';
import { componentName, declaredProperty, mediaType, operationById, requiredOf, resolve, response } from '../support/spec-queries';
import { sameMembers } from './checks';
import { statement, type SectionStatements } from './statement';

const configurationSchema = (spec: OpenApi) => {
  const ok = response(spec, operationById(spec, 'getConfiguration'), 200);
  return mediaType(spec, ok, 'application/json').node.schema;
};

export const configurationStatements: SectionStatements = {
  section: '2.4',
  statements: [
    statement('the configuration is a single object, not an array (public facts §3)', (spec) => {
      assert.equal(resolve(spec, configurationSchema(spec)).type, 'object');
    }),

    statement('it has minimumAmount, maximumAmount and the fields include adds: publicId, consumerLending, payByInstallment', (spec) => {
      sameMembers(
        Object.keys(resolve(spec, configurationSchema(spec)).properties),
        ['minimumAmount', 'maximumAmount', 'publicId', 'consumerLending', 'payByInstallment'],
        'configuration fields',
      );
    }),

    statement('maximumAmount is always returned; minimumAmount and the include fields are optional', (spec) => {
      sameMembers(requiredOf(spec, configurationSchema(spec)), ['maximumAmount'], 'required configuration fields');
    }),

    statement('minimumAmount and maximumAmount are Money', (spec) => {
      for (const field of ['minimumAmount', 'maximumAmount']) {
        assert.equal(componentName(spec, declaredProperty(spec, configurationSchema(spec), field)), 'Money', field);
      }
    }),

    statement('consumerLending has enabled (required) and optional Money limits; payByInstallment has both limits', (spec) => {
      const lending = declaredProperty(spec, configurationSchema(spec), 'consumerLending');
      sameMembers(requiredOf(spec, lending), ['enabled'], 'consumerLending required fields');
      assert.equal(resolve(spec, lending).properties.enabled.type, 'boolean');
      const installments = declaredProperty(spec, configurationSchema(spec), 'payByInstallment');
      sameMembers(requiredOf(spec, installments), ['minimumAmount', 'maximumAmount'], 'payByInstallment required fields');
    }),
  ],
};
