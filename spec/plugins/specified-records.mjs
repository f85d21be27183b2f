// Tells Redocly that `x-specified-records` (openapi.yaml) maps names to Schema Objects, so that the
// bundle keeps each entry as a `$ref` to its component instead of inlining a second copy of it.
export default function specifiedRecordsPlugin() {
  return {
    id: 'specified-records',
    typeExtension: {
      oas3(types) {
        return {
          ...types,
          Root: { ...types.Root, properties: { ...types.Root.properties, 'x-specified-records': 'SpecifiedRecords' } },
          SpecifiedRecords: { properties: {}, additionalProperties: 'Schema' },
        };
      },
    },
  };
}
