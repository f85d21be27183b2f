// Tells Redocly which extensions hold Schema Objects, so that the bundle keeps each one as a `$ref` to
// its component instead of inlining a second copy of it (and the unused-component rule sees it used):
//   x-specified-records (openapi.yaml): names mapped to the records the API document specifies;
//   x-known-values (an open string schema): the closed enum of the values known today (spec README).
export default function specifiedRecordsPlugin() {
  return {
    id: 'specified-records',
    typeExtension: {
      oas3(types) {
        return {
          ...types,
          Root: { ...types.Root, properties: { ...types.Root.properties, 'x-specified-records': 'SpecifiedRecords' } },
          SpecifiedRecords: { properties: {}, additionalProperties: 'Schema' },
          Schema: { ...types.Schema, properties: { ...types.Schema.properties, 'x-known-values': 'Schema' } },
        };
      },
    },
  };
}
